import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('emails without SMTP_URL', () => {
  it('are printed as a readable block of text, not an escaped JSON string in the log', async () => {
    const printed: string[] = [];
    const logged: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    const mailer = createMailer({ from: 'no-reply@localhost', logger, print: (text) => printed.push(text) });
    await mailer.send({
      to: 'jane@acme.test',
      subject: 'Your login code',
      text: 'Your code is 4821.\n\nIt expires in 10 minutes.\n',
      html: '<p>Your code is 4821.</p>',
    });
    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).toContain('\n  To:      jane@acme.test\n');
    expect(block).toContain('\n  Subject: Your login code\n');
    expect(block).toContain('\n  Your code is 4821.\n\n  It expires in 10 minutes.\n');
    expect(block).not.toContain('\\n');
    // The JSON log says an email was printed, without its text (the code stays out of log files).
    expect(logged.join('')).toContain('email printed below (SMTP_URL unset)');
    expect(logged.join('')).not.toContain('4821');
  });
});
