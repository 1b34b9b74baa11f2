import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../src/db/client.ts';
import { withDatabase } from './postgres.ts';

/**
 * A database of its own for a migration test: migrated up to the migration before the one under test, so a test can
 * write rows as they were stored then, run that migration (`runTarget`) and check what it did to them.
 */
export interface MigrationDb {
  client: pg.Client;
  /** The migration under test (its tag: number and name). */
  target: { idx: number; tag: string };
  runTarget: () => Promise<void>;
  drop: () => Promise<void>;
}

const journal = () =>
  (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    }
  ).entries;

async function runMigration(client: pg.Client, tag: string) {
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  await client.query('begin');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.query(statement);
  }
  await client.query('commit');
}

/** A fresh database `name`, migrated up to the migration whose tag ends with `tagSuffix` (not included). */
export async function databaseBefore(adminUrl: string, name: string, tagSuffix: string): Promise<MigrationDb> {
  const entries = journal();
  const target = entries.find((e) => e.tag.endsWith(tagSuffix));
  if (!target) throw new Error(`No migration ends with ${tagSuffix}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await client.connect();
  for (const e of entries.filter((x) => x.idx < target.idx)) await runMigration(client, e.tag);
  return {
    client,
    target,
    runTarget: () => runMigration(client, target.tag),
    drop: async () => {
      await client.end();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
