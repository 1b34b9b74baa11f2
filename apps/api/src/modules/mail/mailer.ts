import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** An email as a block of plain text for a terminal: a ruled frame, the headers, the text as written. */
export function printableEmail(email: OutgoingEmail, from: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    `  EMAIL (not sent: SMTP_URL is unset)`,
    `  From:    ${from}`,
    `  To:      ${email.to}`,
    `  Subject: ${email.subject}`,
    '-'.repeat(72),
    ...email.text
      .trimEnd()
      .split('\n')
      .map((line) => (line ? `  ${line}` : '')),
    rule,
    '',
    '',
  ].join('\n');
}

/**
 * nodemailer to SMTP_URL. Without SMTP_URL the email is printed to the terminal instead, as a readable block of
 * text beside the JSON log lines, so a local user can read a code or follow a link (DECISIONS §3); that is the
 * only place codes reach the output. The log gets one line saying an email was printed (no code in it).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  /** Where printed emails go (tests catch them); default stdout. */
  print?: (text: string) => void;
}): Mailer {
  if (!opts.smtpUrl) {
    const print = opts.print ?? ((text: string) => void process.stdout.write(text));
    return {
      async send(email) {
        opts.logger.info({ mail: { to: email.to, subject: email.subject } }, 'email printed below (SMTP_URL unset)');
        print(printableEmail(email, opts.from));
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl, { connectionTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(email) {
      await transport.sendMail({ from: opts.from, ...email });
    },
    close: () => transport.close(),
  };
}
