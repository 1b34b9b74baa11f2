import { z } from 'zod/mini';
import { blankAsAbsent, keysetPaginationSchema, pageQuerySchema } from '../activity.ts';
import { withData } from '../envelope.ts';
import { familySchema } from '../plans.ts';
import { staffLimitSchema } from './lists.ts';

/**
 * APK publishing in the back office (DECISIONS §14). `price/apk/upload` takes `multipart/form-data` with the field
 * `family` and the file part `file` (a ZIP holding `AndroidManifest.xml` and `classes.dex`, at most `APK_MAX_MB`);
 * the version code and name are read from the manifest. No body schema: the server reads the parts as they stream.
 */
export const APK_UPLOAD_FIELDS = { family: 'family', file: 'file' } as const;

export const staffApkVersionSchema = z.object({
  _id: z.string(),
  family: familySchema,
  versionCode: z.int(),
  versionName: z.string(),
  packageName: z.string(),
  sizeBytes: z.int(),
  sha256: z.string(),
  /** Email of the staff member who uploaded it ('' when that account is gone). */
  uploadedBy: z.string(),
  created_at: z.string(),
  /** The absolute download URL (`<PUBLIC_URL>/downloads/<family>/<versionCode>.apk`). */
  downloadUrl: z.string(),
});
export type StaffApkVersion = z.infer<typeof staffApkVersionSchema>;

export const apkUploadResponseSchema = withData(staffApkVersionSchema);

export const apkListQuerySchema = z.object({
  page: pageQuerySchema,
  limit: staffLimitSchema(),
  family: blankAsAbsent(familySchema),
});
export type ApkListQuery = z.input<typeof apkListQuerySchema>;

/** Newest first; `maxUploadBytes` is the server's `APK_MAX_MB` in bytes, so the form can say so before sending. */
export const apkListResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(staffApkVersionSchema),
  pagination: keysetPaginationSchema,
  maxUploadBytes: z.int(),
});
export type ApkListResponse = z.infer<typeof apkListResponseSchema>;
