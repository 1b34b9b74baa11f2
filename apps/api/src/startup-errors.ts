import type { Config } from './config.ts';
import { DatabaseStartError } from './db/embedded.ts';

type Errno = NodeJS.ErrnoException & { address?: string; port?: number };

/**
 * Why `npm start` stopped, as one sentence an operator can act on (no stack trace; LOG_LEVEL=debug logs it):
 * the embedded database's own explanations (DatabaseStartError), the listen address taken or not allowed, an
 * external database that cannot be reached, a full or read-only disk.
 */
export function startupFailureMessage(err: unknown, config: Pick<Config, 'port' | 'host' | 'dataDir'>): string {
  if (err instanceof DatabaseStartError) return err.message;
  const e = (err ?? {}) as Errno;
  const message = typeof e.message === 'string' ? e.message : String(err);
  switch (e.code) {
    case 'EADDRINUSE':
      return (
        `Port ${config.port} is already in use by another program (perhaps another npm start): stop it, ` +
        `or start on another port with PORT=${config.port + 1} npm start.`
      );
    case 'EACCES':
      if (e.syscall === 'listen' || e.address !== undefined) {
        return `This user may not listen on port ${config.port}: use a port above 1023, e.g. PORT=3000 npm start.`;
      }
      return (
        `Permission denied on ${e.path ?? 'a file'}: give this user access to it, or set DATA_DIR to a directory ` +
        `it may write.`
      );
    case 'EADDRNOTAVAIL':
      return `HOST=${config.host} is not an address of this machine: use 0.0.0.0, 127.0.0.1 or one of its own.`;
    case 'ENOSPC':
      return `The disk is full (while writing ${e.path ?? config.dataDir}): free some space and start again.`;
    case 'EROFS':
      return `${e.path ?? config.dataDir} is on a read-only file system: set DATA_DIR to a writable directory.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return (
        `The database at DATABASE_URL cannot be reached (${e.code}): check that it runs and that its host and ` +
        `port are right.`
      );
    case '28P01':
    case '28000':
      return `The database refused the user and password in DATABASE_URL: check them.`;
    case '3D000':
      return `The database named in DATABASE_URL does not exist: create it (createdb) or fix the name.`;
    default:
      return `Start-up failed: ${message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')}. Set LOG_LEVEL=debug for details.`;
  }
}
