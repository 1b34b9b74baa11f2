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
 * Without a destination (the product), the log goes to stdout asynchronously: lines are buffered and written in
 * batches instead of one blocking write per line, which was a large share of a trivial request's time. What
 * is still buffered is written synchronously when the process exits (process.exit included: a fatal start-up
 * message is not lost), and `flushLogger` writes it on demand. Tests pass their own (in-memory) stream.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const dest = destination ?? asyncStdout();
  const logger = pino(
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
    dest,
  );
  // The request log's own logger: same level and destination, without the redaction, which costs more than the
  // rest of a request line (it runs on every value of a line); the request line has fixed fields that hold no
  // secret (see plugins/request-log.ts).
  requestLoggers.set(logger, pino({ level }, dest));
  return logger;
}

const requestLoggers = new WeakMap<Logger, Logger>();

/** The logger for request lines of a `createLogger` logger (any other logger: itself). */
export const requestLoggerOf = (logger: Logger): Logger => requestLoggers.get(logger) ?? logger;

let stdout: ReturnType<typeof pino.destination> | null = null;

/** One asynchronous stdout destination per process, flushed when the process exits. */
function asyncStdout() {
  if (stdout) return stdout;
  // Lines are written in batches of 4 KB, and at least every 100 ms (so a quiet server's lines still show at once).
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
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
