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
        return reply
          .header('content-type', APK_CONTENT_TYPE)
          .header('content-length', String(size))
          .header('content-disposition', `attachment; filename="${row.family}-${row.versionCode}.apk"`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${row.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .send(fs.createReadStream(file));
      },
    );
  };
