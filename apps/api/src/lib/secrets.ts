import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Keys generated on first start and kept in the database, so every API and worker process of an
 * installation shares them without extra configuration.
 */
export interface Secrets {
  /** AES-256-GCM key for emailed links (verification, reset). */
  linkKey: Buffer;
  /** HMAC key for short codes and enrolment tokens. */
  codeKey: Buffer;
  /** AES-256-GCM key for values that must be shown again (the enrolment token in the QR). */
  storageKey: Buffer;
  /** HMAC key of ALTCHA captcha challenges (signature and derived-key signature are derived from it). */
  captchaKey: Buffer;
  /** Sandbox payment provider: webhook signing secret and client-secret derivation. */
  sandboxKey: Buffer;
  /** HMAC key of the visitors' IP addresses in page views (DECISIONS §8: a keyed hash, never the address). */
  pageViewKey: Buffer;
}

async function getOrCreate(db: Db, name: string): Promise<Buffer> {
  const candidate = crypto.randomBytes(32).toString('base64');
  await db.execute(
    sql`insert into app_secrets (name, value) values (${name}, ${candidate}) on conflict (name) do nothing`,
  );
  const result = await db.execute<{ value: string }>(sql`select value from app_secrets where name = ${name}`);
  return Buffer.from(result.rows[0]!.value, 'base64');
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  return {
    linkKey: await getOrCreate(db, 'link_key'),
    codeKey: await getOrCreate(db, 'code_key'),
    storageKey: await getOrCreate(db, 'storage_key'),
    captchaKey: await getOrCreate(db, 'captcha_key'),
    sandboxKey: await getOrCreate(db, 'sandbox_key'),
    pageViewKey: await getOrCreate(db, 'page_view_key'),
  };
}
