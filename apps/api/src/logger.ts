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

/**
 * Without a destination (the product), the log goes to stdout asynchronously: lines are buffered and written by
 * the event loop instead of one blocking write per line, which was a large share of a trivial request's time. What
 * is still buffered is written synchronously when the process exits (process.exit included: a fatal start-up
 * message is not lost), and `flushLogger` writes it on demand. Tests pass their own (in-memory) stream.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // The line's reqId already identifies the request.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          ip: req.ip,
        }),
        err: pino.stdSerializers.err,
      },
    },
    destination ?? asyncStdout(),
  );
}

let stdout: ReturnType<typeof pino.destination> | null = null;

/** One asynchronous stdout destination per process, flushed when the process exits. */
function asyncStdout() {
  if (stdout) return stdout;
  const dest = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => flushStdout(dest));
  stdout = dest;
  return dest;
}

function flushStdout(dest: ReturnType<typeof pino.destination>) {
  try {
    dest.flushSync();
  } catch {
    // Nothing buffered, or stdout already closed: nothing more can be written.
  }
}

/** Writes what the asynchronous stdout destination still holds (before a planned exit). */
export function flushLogger(): void {
  if (stdout) flushStdout(stdout);
}
