import pino, { type Logger } from 'pino';

/**
 * pino with secrets redacted wherever they could appear. Request URLs are logged without their
 * query string: emailed links carry encrypted tokens there.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.confirm_password',
  '*.otp',
  '*.token',
  '*.iv',
  '*.encryptedData',
  '*.encrypted_data',
  '*.clientSecret',
  '*.captcha',
  '*.number',
  '*.cvc',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          ip: req.ip,
          id: req.id,
        }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
