import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from './smtp.ts';

describe('the test SMTP peer', () => {
  // crash-safety.test.ts kills servers in the middle of sending mail: the reset reached smtp-server as an 'error' event
  // nobody listened to, an uncaught exception that failed the run from whichever file was running.
  it('survives a client that resets its connection in the middle of a mail, and keeps serving', async () => {
    const smtp = await startSmtpServer();
    try {
      const port = Number(new URL(smtp.url).port);
      const socket = net.connect(port, '127.0.0.1');
      const lines: string[] = [];
      socket.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
      const answered = (count: number) => expect.poll(() => lines.join('').match(/^\d{3} /gm)?.length ?? 0).toBe(count);
      await answered(1); // greeting
      socket.write('EHLO crash.test\r\n');
      await answered(2);
      socket.write('MAIL FROM:<a@crash.test>\r\n');
      await answered(3);
      socket.write('RCPT TO:<b@crash.test>\r\nDATA\r\n');
      await answered(5);
      // Half a mail, read by the server, then a reset (what the kernel sends for a process killed with -9).
      await new Promise<void>((resolve) => socket.write('Subject: cut\r\n\r\nhalf a mail', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.inbox).toEqual([]);

      // The next client is served as usual.
      const next = net.connect(port, '127.0.0.1');
      const greeting = await new Promise<string>((resolve) => next.once('data', (c: Buffer) => resolve(c.toString())));
      expect(greeting).toMatch(/^220 /);
      next.end('QUIT\r\n');
    } finally {
      await smtp.close();
    }
  });
});
