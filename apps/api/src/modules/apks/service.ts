import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FAMILIES,
  FAMILY_PLANS,
  apkDownloadPath,
  familyDisplayName,
  familySchema,
  fillPath,
  parseApkDownloadPath,
  qrApi,
  type ApkDownload,
  type ApkVersionInfo,
  type Family,
} from '@fleetdeck/contract';
import type { StaffApkVersion } from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import type { PartsSource } from '../content/service.ts';
import { allPlans } from '../plans/repository.ts';
import { apkFileError, readApk } from './reader.ts';
import * as repo from './repository.ts';

/**
 * Hosted APKs (DECISIONS §14 "APK publishing"). An upload streams to a temporary file under `DATA_DIR/upload/apk/`
 * (hashed with SHA-256 as it arrives, never held in memory), is checked (a ZIP with `AndroidManifest.xml` and
 * `classes.dex`, versions read from the binary manifest), then in one transaction gets its row and is renamed to
 * `<family>/<versionCode>.apk`; any failure removes the file, so nothing is half saved.
 *
 * "External link wins": a plan's `apkLink` is hosted when it is empty or points at one of this family's
 * `/downloads/<family>/<code>.apk` paths; each upload moves such links to the family's highest version code. Any
 * other link is one staff typed in pricing edit, and stays until they clear it (an empty link in pricing edit then
 * becomes the hosted one again).
 */

export const apkDir = (dataDir: string) => path.join(dataDir, 'upload', 'apk');
const incomingDir = (dataDir: string) => path.join(apkDir(dataDir), '.incoming');
export const apkFile = (dataDir: string, family: Family, versionCode: number) =>
  path.join(apkDir(dataDir), family, `${versionCode}.apk`);

/** `<PUBLIC_URL>/downloads/<family>/<versionCode>.apk`. */
export const hostedApkUrl = (publicUrl: string, family: Family, versionCode: number) =>
  `${publicUrl}${apkDownloadPath(family, versionCode)}`;

/** The hosted version a link points at (any origin: PUBLIC_URL may have moved), or null for an external link. */
function hostedTarget(link: string, family: Family): { family: Family; versionCode: number } | null {
  if (!URL.canParse(link)) return null;
  const target = parseApkDownloadPath(new URL(link).pathname);
  return target && target.family === family ? target : null;
}

const familyPlanCodes = (family: Family): string[] =>
  [FAMILY_PLANS[family].recurring, FAMILY_PLANS[family].oneTime].filter((c): c is NonNullable<typeof c> => !!c);

/** The link of the family's newest hosted APK ('' before the first upload): what an empty `apkLink` stands for. */
export async function hostedApkLink(db: DbOrTx, publicUrl: string, family: Family): Promise<string> {
  const latest = await repo.latestVersion(db, family);
  return latest ? hostedApkUrl(publicUrl, family, latest.versionCode) : '';
}

/** Points the family's plans whose link is empty or hosted at its newest hosted APK; external links stay. */
async function linkFamilyPlans(tx: DbOrTx, publicUrl: string, family: Family): Promise<void> {
  const link = await hostedApkLink(tx, publicUrl, family);
  for (const plan of await repo.lockFamilyPlans(tx, familyPlanCodes(family))) {
    const current = plan.apkLink.trim();
    const hosted = current === '' || hostedTarget(current, family) !== null;
    if (hosted && current !== link) await repo.setApkLink(tx, plan.id, link);
  }
}

function toStaffVersion(ctx: AppContext, row: repo.ApkVersionRow): StaffApkVersion {
  return {
    _id: row.id,
    family: row.family,
    versionCode: row.versionCode,
    versionName: row.versionName,
    packageName: row.packageName,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedBy: row.uploadedByEmail,
    created_at: row.createdAt.toISOString(),
    downloadUrl: hostedApkUrl(ctx.config.publicUrl, row.family, row.versionCode),
  };
}

const toVersionInfo = (row: repo.ApkVersionRow): ApkVersionInfo => ({
  versionCode: row.versionCode,
  versionName: row.versionName,
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
  uploadedAt: row.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------------------- upload

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
export const apkTooLarge = (maxBytes: number) =>
  new AppError(413, 'E_PAYLOAD_TOO_LARGE', `The APK is larger than ${megabytes(maxBytes)} (APK_MAX_MB).`, {
    errors: [{ field: 'file', message: `must be at most ${megabytes(maxBytes)}` }],
  });

const multipartErrors: Record<string, (maxBytes: number) => AppError> = {
  FST_REQ_FILE_TOO_LARGE: apkTooLarge,
  FST_FILES_LIMIT: () => badRequest('E_VALIDATION', 'Send one APK file (file).'),
  FST_FIELDS_LIMIT: () => badRequest('E_VALIDATION', 'Too many form fields.'),
  FST_PARTS_LIMIT: () => badRequest('E_VALIDATION', 'Too many form parts.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError(415, 'E_UNSUPPORTED_MEDIA_TYPE', 'Send the APK as multipart/form-data.'),
};

/** Streams a part to `file`, hashing it on the way; answers its size and SHA-256. */
async function receive(stream: Readable, file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, tap, fs.createWriteStream(file, { flags: 'wx', mode: 0o640 }));
  return { size, sha256: hash.digest('hex') };
}

const removeQuietly = (file: string) => fs.promises.rm(file, { force: true }).catch(() => undefined);

interface Received {
  family: string | undefined;
  file: { size: number; sha256: string } | null;
}

/** Reads the form: the field `family` and the one file part `file`, streamed to `tmp`. */
async function readUploadForm(parts: () => PartsSource, tmp: string, maxBytes: number): Promise<Received> {
  const got: Received = { family: undefined, file: null };
  try {
    for await (const part of parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('E_VALIDATION', `Unexpected file field ${part.fieldname}: send the APK as file.`);
        }
        if (got.file) throw multipartErrors.FST_FILES_LIMIT!(maxBytes);
        got.file = await receive(part.file, tmp);
        if (part.file.truncated) throw apkTooLarge(maxBytes);
      } else if (part.fieldname === 'family' && typeof part.value === 'string') {
        got.family = part.value.trim();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const mapped = code ? multipartErrors[code] : undefined;
    if (mapped) throw mapped(maxBytes);
    throw err;
  }
  return got;
}

const duplicate = (family: Family, versionCode: number, product: string) =>
  new AppError(
    400,
    'E_CONFLICT',
    `Version code ${versionCode} of ${familyDisplayName(family, product)} is already uploaded: build the app with a ` +
      'higher versionCode.',
    { errors: [{ field: 'file', message: `version code ${versionCode} is already uploaded` }] },
  );

/**
 * `price/apk/upload`: stores one family's APK and points the family's hosted links at its newest version. Refusals
 * (400 at the field, 413 when larger than APK_MAX_MB) leave nothing behind.
 */
export async function uploadApk(
  ctx: AppContext,
  actor: StaffActor,
  uploaderEmail: string,
  parts: () => PartsSource,
): Promise<StaffApkVersion> {
  const { dataDir, publicUrl, apkMaxBytes, productName } = ctx.config;
  await fs.promises.mkdir(incomingDir(dataDir), { recursive: true });
  const tmp = path.join(incomingDir(dataDir), `${crypto.randomUUID()}.part`);
  let stored: string | null = null;
  try {
    const form = await readUploadForm(parts, tmp, apkMaxBytes);
    const family = familySchema.safeParse(form.family);
    if (!family.success) {
      const message = form.family ? `${form.family} is not an app family` : 'Choose the app';
      throw new AppError(400, 'E_VALIDATION', `${message}.`, { errors: [{ field: 'family', message }] });
    }
    if (!form.file || form.file.size === 0) throw apkFileError('Choose the APK file to upload.');
    const manifest = await readApk(tmp);
    const file = form.file;
    const target = apkFile(dataDir, family.data, manifest.versionCode);
    const row = await inTransaction(ctx.db, async (tx) => {
      const inserted = await repo.insertVersion(tx, {
        family: family.data,
        versionCode: manifest.versionCode,
        versionName: manifest.versionName,
        packageName: manifest.packageName,
        sizeBytes: file.size,
        sha256: file.sha256,
        uploadedBy: actor.id,
        uploadedByEmail: uploaderEmail,
      });
      if (!inserted) throw duplicate(family.data, manifest.versionCode, productName);
      await linkFamilyPlans(tx, publicUrl, family.data);
      await writeAudit(tx, {
        customerId: null,
        type: 'Pricing',
        subType: 'APK Uploaded',
        message:
          `APK of ${family.data} uploaded: version ${manifest.versionName || '-'} (code ${manifest.versionCode}), ` +
          `${file.size} bytes, SHA-256 ${file.sha256}`,
        actor,
      });
      // Last step before the commit: the row is only committed with its file in place.
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tmp, target);
      stored = target;
      return inserted;
    });
    return toStaffVersion(ctx, row);
  } catch (err) {
    if (stored) await removeQuietly(stored);
    throw err;
  } finally {
    await removeQuietly(tmp);
  }
}

// ------------------------------------------------------------------------------------------------------------ list

export async function listApks(ctx: AppContext, query: { page: number; limit: number; family?: Family | undefined }) {
  const { rows, total } = await repo.listVersions(ctx.db, {
    family: query.family,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    data: rows.map((r) => toStaffVersion(ctx, r)),
    pagination: { page: query.page, limit: query.limit, total, totalCapped: false, nextCursor: null },
    maxUploadBytes: ctx.config.apkMaxBytes,
  };
}

// ------------------------------------------------------------------------------------------------ customer facing

/** URL of the PNG QR code of a family's APK link (served by modules/qr without a session). */
export const apkQrCodeUrl = (publicUrl: string, family: Family) =>
  `${publicUrl}${fillPath(qrApi.apkPng.path, { file: `${family}.png` })}`;

/**
 * Every family's download: the `apkLink` of its recurring plan (the family's download, as the QR code and the policy
 * document use it), the QR code of that link, and the hosted file's version, size and hash when the link is hosted.
 */
export async function familyDownloads(ctx: AppContext): Promise<Record<Family, ApkDownload>> {
  const rows = await allPlans(ctx.db);
  const links = FAMILIES.map((family) => {
    const apkLink = (rows.find((r) => r.identifier === FAMILY_PLANS[family].recurring)?.apkLink ?? '').trim();
    return { family, apkLink, target: apkLink ? hostedTarget(apkLink, family) : null };
  });
  const versions = await repo.versionsByKeys(
    ctx.db,
    links.flatMap((l) => (l.target ? [l.target] : [])),
  );
  return Object.fromEntries(
    links.map(({ family, apkLink, target }) => {
      const row = target && versions.find((v) => v.family === family && v.versionCode === target.versionCode);
      const download: ApkDownload = {
        family,
        apkLink,
        // No published APK: both empty, and the console says so.
        apkLinkQrCode: apkLink ? apkQrCodeUrl(ctx.config.publicUrl, family) : '',
        version: row ? toVersionInfo(row) : null,
      };
      return [family, download];
    }),
  ) as Record<Family, ApkDownload>;
}

/** The stored file of `/downloads/<family>/<versionCode>.apk`, or null when no such upload exists. */
export async function storedApk(
  ctx: AppContext,
  family: Family,
  versionCode: number,
): Promise<{ row: repo.ApkVersionRow; file: string; size: number } | null> {
  const row = await repo.findVersion(ctx.db, family, versionCode);
  if (!row) return null;
  const file = apkFile(ctx.config.dataDir, family, versionCode);
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { row, file, size: stat.size } : null;
  } catch {
    return null;
  }
}
