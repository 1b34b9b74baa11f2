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

/**
 * nodemailer to SMTP_URL. Without SMTP_URL the email is printed to the log instead, so a local
 * user can read a code or follow a link (DECISIONS §3); that is the only place codes reach a log.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(email) {
        opts.logger.info(
          { mail: { to: email.to, subject: email.subject } },
          `email not sent (SMTP_URL unset); its text follows\n----\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text}----`,
        );
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
