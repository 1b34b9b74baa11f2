import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger.ts';

/** The product's logger writing to memory: `lines` holds every record (one JSON line each), for a test to read. */
export function memoryLogger(level = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { logger: createLogger(level, sink), lines };
}
