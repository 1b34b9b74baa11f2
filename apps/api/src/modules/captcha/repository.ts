import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchaUses } from '../../db/schema.ts';

/** Burns a solved challenge: false when its signature was already used. */
export async function recordCaptchaUse(tx: DbOrTx, signature: string, expiresAt: Date): Promise<boolean> {
  const used = await tx
    .insert(captchaUses)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaUses.signature });
  return used.length > 0;
}

export async function deleteExpiredCaptchaUses(db: DbOrTx) {
  await db.execute(sql`delete from captcha_uses where expires_at < now() - interval '1 hour'`);
}
