import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { APK_CONTENT_TYPE, FAMILIES, parseApkDownloadPath, publicApi, type ErrorResponse } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from '../../lib/area-routes.ts';
import * as apks from './service.ts';

/** `GET /api/v1/public/apk-downloads`: every family's download for the public `/enrol` page (no session). */
export const publicApkRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Public site'] }, (route) => {
    route(
      publicApi.apkDownloads,
      {
        summary: "Every app family's APK download, with the hosted file's version, size and SHA-256",
        description:
          "`apkLink` is the family's recurring plan's link (empty: not published); `version` is null when that link " +
          'is external (set by staff) rather than an uploaded APK.',
        public: true,
      },
      async (_req, reply) => {
        reply.header('cache-control', 'no-cache');
        const downloads = await apks.familyDownloads(ctx);
        return { respones_msg: 'APK downloads', data: FAMILIES.map((f) => downloads[f]) };
      },
    );
  });

const missing: ErrorResponse = { respones_msg: 'This APK does not exist.', code: 'E_NOT_FOUND' };
const unsatisfiable: ErrorResponse = { respones_msg: 'This byte range is not in the file.', code: 'E_VALIDATION' };

/**
 * One `Range: bytes=…` of a file of `size` bytes (`a-b`, `a-` or the last `-n`), null when there is none or it is not
 * a single byte range (the whole file is sent then), 'unsatisfiable' when it starts past the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * `/downloads/<family>/<versionCode>.apk`: an uploaded APK, only once its row is committed, as an attachment with the
 * APK content type and long caching (a version code never gets other bytes: re-uploading one is refused).
 */
export const apkDownloadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { family: string; file: string } }>(
      '/downloads/:family/:file',
      { schema: { hide: true }, compress: false },
      async (req, reply) => {
        const target = parseApkDownloadPath(`/downloads/${req.params.family}/${req.params.file}`);
        const stored = target ? await apks.storedApk(ctx, target.family, target.versionCode) : null;
        if (!stored) return reply.status(404).send(missing);
        const { row, file, size } = stored;
        const etag = `"${row.sha256}"`;
        reply
          .header('content-type', APK_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${row.family}-${row.versionCode}.apk"`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff');
        // A phone's download manager resumes a broken download with a Range (unless the file changed: If-Range).
        const ifRange = req.headers['if-range'];
        const range = ifRange === undefined || ifRange === etag ? byteRange(req.headers.range, size) : null;
        if (range === 'unsatisfiable') {
          return reply
            .status(416)
            .header('content-type', 'application/json; charset=utf-8')
            .header('content-disposition', 'inline')
            .header('content-range', `bytes */${size}`)
            .send(unsatisfiable);
        }
        if (range) {
          return reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
            .header('content-length', String(range.end - range.start + 1))
            .send(fs.createReadStream(file, { start: range.start, end: range.end }));
        }
        return reply.header('content-length', String(size)).send(fs.createReadStream(file));
      },
    );
  };
