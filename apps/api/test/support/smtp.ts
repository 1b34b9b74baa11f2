import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback: the product's nodemailer talks to it as it would to a relay.
 * `failNext(n)` makes the next n deliveries fail with a temporary error, to prove retries.
 */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = new Error('451 Temporary failure, try again') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''),
          text: decodeBody(raw),
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  // A client that drops its connection in the middle of a mail (a server killed by a crash test) makes smtp-server emit
  // 'error' (ECONNRESET); unheard, that is an uncaught exception that fails the whole test run. A relay drops that
  // connection and its unfinished mail, and so does this one (the mail is not in the inbox).
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    failNext(n: number) {
      failures = n;
    },
    /** Resolves with the first mail to `to` matching `predicate`, or fails after `timeoutMs`. */
    async waitFor(
      to: string,
      predicate: (m: ReceivedMail) => boolean = () => true,
      timeoutMs = 15_000,
    ): Promise<ReceivedMail> {
      const find = () => inbox.find((m) => m.to.includes(to) && predicate(m));
      const started = Date.now();
      for (;;) {
        const hit = find();
        if (hit) return hit;
        if (Date.now() - started > timeoutMs)
          throw new Error(
            `no email to ${to} within ${timeoutMs} ms (inbox: ${inbox.map((m) => `${m.to}: ${m.subject}`).join('; ')})`,
          );
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
          setTimeout(done, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeHeader(value: string) {
  return value
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : utf8(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          ),
    );
}

/** The text/plain part, quoted-printable decoded. */
function decodeBody(raw: string) {
  const part = /Content-Type: text\/plain[^]*?\r\n\r\n([^]*?)(?:\r\n--|$)/i.exec(raw)?.[1] ?? raw;
  const qp = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: quoted-printable/i.test(raw);
  return qp
    ? utf8(
        part.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      )
    : part;
}

/** Quoted-printable decodes to bytes (one char each): read them as the UTF-8 they are (€, ×, accents). */
const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
