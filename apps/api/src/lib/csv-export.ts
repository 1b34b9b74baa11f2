import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { AppError } from './errors.ts';

/**
 * Staff CSV exports (DECISIONS §8 "Exports"): RFC 4180, UTF-8, the fixed file name and header row of spec 3 §9,
 * streamed from a database cursor so memory stays constant whatever the row count, with the formula-injection guard,
 * and 404 `E_NO_DATA` "No data to export" when nothing matches.
 *
 * A list route answers its `isExportData=true` variant with
 *   `return sendCsv(reply, { fileName: 'payment-history.csv', columns, rows: streamQuery(ctx.pool, query.toSQL()) })`
 * where `query` is the repository's Drizzle select for the same filters (no limit, same order).
 */

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

export const NO_DATA_MESSAGE = 'No data to export';

/** Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A phone number in E.164 (`+447700900123`, DECISIONS §14): a plus and digits only, nothing a spreadsheet can run. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A cell as text: dates in ISO 8601 UTC, nothing for null, and a `'` before anything a spreadsheet would evaluate
 * (except an E.164 phone number, exported as it is).
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return typeof value === 'string' && FORMULA_START.test(text) && !E164.test(text) ? `'${text}` : text;
};

/**
 * Every cell quoted (quotes doubled), as csv-stringify's `quoted: true` writes it (issue 24). Quoting only the cells
 * RFC 4180 requires (a quote, comma, CR or LF) left `;` and other separators a spreadsheet may split on (Excel in
 * many locales splits on `;`) outside quotes: `a;=cmd|…` opened as two cells, the second a formula the guard never
 * saw. A quoted cell is never split, so the guard's first character is the cell's.
 */
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly string[]) => `${cells.map(quoted).join(',')}\r\n`;

const CHUNK_CHARS = 64 * 1024;

/** The filename part of `content-disposition` (the names are fixed ASCII; anything else is replaced). */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Streams `rows` as CSV with a header row. Reads the first row before answering, so an empty result is a clean 404
 * JSON error rather than an empty file. The caller returns the reply.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  { fileName, columns, rows }: { fileName: string; columns: readonly CsvColumn<Row>[]; rows: AsyncIterable<Row> },
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) {
    await iterator.return?.();
    throw new AppError(404, 'E_NO_DATA', NO_DATA_MESSAGE);
  }

  // Rows are written as text chunks of about 64 kB (one stream write per chunk, not per row or per cell): the cells
  // are joined by hand (every cell quoted, quotes doubled: csv-stringify's `quoted: true` output), which is what a CSV
  // library does, without its per-field work (csv-stringify capped an export near 100,000 rows/s).
  async function* chunks(): AsyncGenerator<string> {
    let next: IteratorResult<Row> = first;
    try {
      let chunk = csvLine(columns.map((c) => c.header));
      while (!next.done) {
        chunk += csvLine(columns.map((c) => csvCell(c.value(next.value as Row))));
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
        next = await iterator.next();
      }
      if (chunk !== '') yield chunk;
    } finally {
      // A client that goes away destroys the stream, which ends this generator early: stop the rows' source too.
      if (!next.done) await iterator.return?.();
    }
  }

  return sendCsvStream(reply, fileName, chunks());
}

/** Answers `text` chunks as the CSV file `fileName` (backpressure: `Readable.from` reads on when the socket drains). */
function sendCsvStream(reply: FastifyReply, fileName: string, text: AsyncIterable<string>): FastifyReply {
  const csv = Readable.from(text, { objectMode: false });
  csv.on('error', () => undefined);

  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

/**
 * Like `sendCsv` for records the database writes as CSV text already (a list too large to build a JS row per record;
 * payment-lists `paymentHistoryCsvQuery`): the header row of `headers`, then each chunk of text, in order. A first
 * batch without text is a 404 `E_NO_DATA`.
 */
export async function sendCsvText(
  reply: FastifyReply,
  { fileName, headers, batches }: { fileName: string; headers: readonly string[]; batches: AsyncIterable<string> },
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || first.value === '') {
    await iterator.return?.();
    throw new AppError(404, 'E_NO_DATA', NO_DATA_MESSAGE);
  }
  async function* text(): AsyncGenerator<string> {
    let next: IteratorResult<string> = first;
    try {
      yield csvLine(headers) + next.value;
      for (next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      if (!next.done) await iterator.return?.();
    }
  }
  return sendCsvStream(reply, fileName, text());
}

/**
 * Rows of one query read through a server-side cursor in batches (constant memory). Pass a Drizzle query's
 * `.toSQL()`. The connection goes back to the pool when the iteration ends or is abandoned.
 */
export async function* streamQuery<Row = Record<string, unknown>>(
  pool: pg.Pool,
  { sql, params }: { sql: string; params: unknown[] },
  batchSize = 1000,
): AsyncGenerator<Row> {
  const client = await pool.connect();
  const cursor = client.query(new Cursor<Row>(sql, params as unknown[]));
  let failed: unknown;
  try {
    for (;;) {
      const batch = await cursor.read(batchSize);
      if (batch.length === 0) return;
      yield* batch;
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    await cursor.close().catch(() => undefined);
    client.release(failed instanceof Error ? failed : undefined);
  }
}

/**
 * Rows of a keyset-ordered query fetched in batches (constant memory, no connection held between batches): the
 * Drizzle-friendly way to feed `sendCsv`. `fetchBatch(after, limit)` answers the rows after `after` (undefined:
 * from the start) in the list's order; `keyOf` gives the key of the last row to continue from. The next batch is
 * asked for as soon as one arrives, so the database reads it while this one is written out (two batches in memory
 * at most, one query at a time).
 */
export async function* keysetBatches<Row, Key>(
  fetchBatch: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize = 1000,
): AsyncGenerator<Row> {
  let pending: Promise<Row[]> | null = fetchBatch(undefined, batchSize);
  try {
    while (pending) {
      const batch: Row[] = await pending;
      pending = batch.length < batchSize ? null : fetchBatch(keyOf(batch[batch.length - 1]!), batchSize);
      yield* batch;
    }
  } finally {
    // Stopped early (the client went away): the batch already asked for is dropped, its failure too.
    pending?.catch(() => undefined);
  }
}
