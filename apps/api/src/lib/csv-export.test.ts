import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/support/postgres.ts';
import { csvCell, keysetBatches, sendCsv, streamQuery, type CsvColumn } from './csv-export.ts';
import { AppError } from './errors.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await pool.query(`create table export_probe as select n, 'row ' || n as label from generate_series(1, 5000) as n`);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

type Probe = { n: number; label: string };
const columns: CsvColumn<Probe>[] = [
  { header: 'Number', value: (r) => r.n },
  { header: 'Label', value: (r) => r.label },
];

function appExporting(rows: () => AsyncIterable<Probe>) {
  const app = Fastify();
  app.setErrorHandler((error, _req, reply) =>
    error instanceof AppError
      ? reply.status(error.statusCode).send({ respones_msg: error.message, code: error.code })
      : reply.status(500).send({ respones_msg: 'internal' }),
  );
  app.get('/export', (_req, reply) => sendCsv(reply, { fileName: 'probe list.csv', columns, rows: rows() }));
  return app;
}

describe('CSV exports (DECISIONS §8)', () => {
  it('guards cells a spreadsheet would evaluate and leaves numbers and ordinary text alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    // A phone number in E.164 is exported as it is (DECISIONS §14); anything more than a plus and digits is guarded.
    expect(csvCell('+447700900123')).toBe('+447700900123');
    expect(csvCell('+447700900123+1')).toBe("'+447700900123+1");
    expect(csvCell('+44 7700 900123')).toBe("'+44 7700 900123");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a-b')).toBe('a-b');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('streams every row of a cursor with the header row, RFC 4180 quoting and a fixed file name', async () => {
    const app = appExporting(() =>
      streamQuery<Probe>(pool, { sql: 'select n, label from export_probe order by n', params: [] }, 700),
    );
    const res = await app.inject({ url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="probe_list.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('"Number","Label"');
    expect(lines[1]).toBe('"1","row 1"');
    expect(lines[5000]).toBe('"5000","row 5000"');
    expect(lines).toHaveLength(5002); // header + rows + the empty string after the last CRLF
    // The cursor's connection went back to the pool.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await app.close();
  });

  it('quotes commas, quotes and line breaks, and guards formulas inside the file', async () => {
    const rows = [
      { n: 1, label: 'a, "b"\nc' },
      { n: 2, label: '=cmd|calc' },
    ];
    const app = appExporting(async function* () {
      yield* rows;
    });
    const res = await app.inject({ url: '/export' });
    expect(res.body).toBe('"Number","Label"\r\n"1","a, ""b""\nc"\r\n"2","\'=cmd|calc"\r\n');
    await app.close();
  });

  it('quotes every field, so a `;`-separated spreadsheet never splits a cell into a formula (issue 24)', async () => {
    const rows = [
      { n: 1, label: ';=HYPERLINK("http://x")' },
      { n: 2, label: '=1+1;@SUM(A1)' },
      { n: 3, label: 'a;-2' },
      { n: 4, label: '' },
    ];
    const app = appExporting(async function* () {
      yield* rows;
    });
    const res = await app.inject({ url: '/export' });
    expect(res.body).toBe(
      ['"Number","Label"', '"1",";=HYPERLINK(""http://x"")"', '"2","\'=1+1;@SUM(A1)"', '"3","a;-2"', '"4",""', ''].join(
        '\r\n',
      ),
    );
    await app.close();
  });

  it('answers 404 E_NO_DATA "No data to export" when nothing matches, and frees the cursor', async () => {
    const app = appExporting(() =>
      streamQuery<Probe>(pool, { sql: 'select n, label from export_probe where n < 0', params: [] }),
    );
    const res = await app.inject({ url: '/export' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ respones_msg: 'No data to export', code: 'E_NO_DATA' });
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await app.close();
  });

  it('reads keyset batches until a short batch', async () => {
    const seen: (number | undefined)[] = [];
    const all: number[] = [];
    for await (const n of keysetBatches<number, number>(
      async (after, limit) => {
        seen.push(after);
        const from = (after ?? 0) + 1;
        return Array.from({ length: Math.max(0, Math.min(limit, 25 - from + 1)) }, (_, i) => from + i);
      },
      (n) => n,
      10,
    ))
      all.push(n);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(seen).toEqual([undefined, 10, 20]);
  });
});
