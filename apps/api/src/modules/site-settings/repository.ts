import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';

/** Settings staff edit for the website (spec 3 "Setting"). Absent means empty. */
export type SiteSettingKey = 'paymentNotes';

export async function getSetting(db: DbOrTx, key: SiteSettingKey): Promise<string> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value ?? '';
}

export async function putSetting(db: DbOrTx, key: SiteSettingKey, value: string, staffId: string) {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedBy: staffId })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy: staffId, updatedAt: new Date() } });
}
