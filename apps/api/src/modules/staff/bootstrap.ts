import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';

const BOOTSTRAP_LOCK = 7_391_002;

/**
 * First start: when no staff exists, create a SuperAdmin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password printed once (DECISIONS §3). An advisory lock keeps two starting processes from both doing it.
 */
export async function bootstrapStaff(db: Db, config: Config, logger: Logger) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from staff_users`);
    if (Number(existing.rows[0]?.n) > 0) return;
    const email = config.adminEmail ?? 'admin@fleetdeck.local';
    const generated = !config.adminPassword;
    const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
    await tx
      .insert(staffUsers)
      .values({ email, name: 'Administrator', role: 'SuperAdmin', passwordHash: await hashPassword(password) });
    if (generated) {
      // Printed once, on purpose: there is no other way to learn it. Not sent through the logger's fields.
      process.stdout.write(
        `\n  First SuperAdmin created for the back office (/super-admin/login):\n    email:    ${email}\n    password: ${password}\n  Store it now; it is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n`,
      );
    } else {
      logger.info({ email }, 'first SuperAdmin created from ADMIN_EMAIL');
    }
  });
}
