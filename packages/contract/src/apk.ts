import { z } from 'zod/mini';
import { withData } from './envelope.ts';
import { familySchema, type Family } from './plans.ts';

/**
 * Hosted APKs (DECISIONS §14 "APK publishing"). Staff upload each family's APK in the back office; it is served at
 * `/downloads/<family>/<versionCode>.apk` and becomes the family's plans' `apkLink` unless staff set an external link.
 */

/** Content type of a served APK. */
export const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

/** Path of a hosted APK (the server prefixes PUBLIC_URL to make the plans' `apkLink`). */
export const apkDownloadPath = (family: Family, versionCode: number) => `/downloads/${family}/${versionCode}.apk`;

/** `/downloads/<family>/<versionCode>.apk`: the family and version code of a hosted-APK path (null: not one). */
export const parseApkDownloadPath = (pathname: string): { family: Family; versionCode: number } | null => {
  const m = /^\/downloads\/([A-Z]+)\/(\d{1,10})\.apk$/.exec(pathname);
  if (!m) return null;
  const family = familySchema.safeParse(m[1]);
  const versionCode = Number(m[2]);
  if (!family.success || !Number.isSafeInteger(versionCode) || versionCode < 1 || versionCode > 2_147_483_647) {
    return null;
  }
  return { family: family.data, versionCode };
};

/** What the customer sees of a hosted APK: version, size in bytes and the SHA-256 (hex) of the file. */
export const apkVersionInfoSchema = z.object({
  versionCode: z.int(),
  versionName: z.string(),
  sizeBytes: z.int(),
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type ApkVersionInfo = z.infer<typeof apkVersionInfoSchema>;

/** One family's download: its link (empty: not published), the QR PNG of the link, and the hosted file's details. */
export const apkDownloadSchema = z.object({
  family: familySchema,
  apkLink: z.string(),
  apkLinkQrCode: z.string(),
  /** The hosted APK the link points at; null for an external link or when nothing is published. */
  version: z.nullable(apkVersionInfoSchema),
});
export type ApkDownload = z.infer<typeof apkDownloadSchema>;

export const apkDownloadsResponseSchema = withData(z.array(apkDownloadSchema));
export type ApkDownloadsResponse = z.infer<typeof apkDownloadsResponseSchema>;
