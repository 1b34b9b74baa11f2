import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { countStaff, insertStaff, lockBootstrap } from './repository.ts';

/**
 * First start: when no staff exists, create a SuperAdmin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password printed once (DECISIONS §3). An advisory lock keeps two starting processes from both doing it.
 */
export async function bootstrapStaff(db: Db, config: Config, logger: Logger) {
  await db.transaction(async (tx) => {
    await lockBootstrap(tx);
    if ((await countStaff(tx)) > 0) return;
    const email = config.adminEmail ?? 'admin@fleetdeck.local';
    const generated = !config.adminPassword;
    const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
    await insertStaff(tx, {
      email,
      name: 'Administrator',
      role: 'SuperAdmin',
      passwordHash: await hashPassword(password),
    });
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
