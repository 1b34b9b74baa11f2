import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import * as apks from '../../apks/service.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';

/** Room for the form's boundaries and the family field beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * APK publishing (DECISIONS §14), in the pricing area (SuperAdmin). The upload reads `multipart/form-data` (only in
 * this scope) with one file of at most APK_MAX_MB; a declared body larger than that is refused before it is read.
 */
export const staffApkRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      preservePath: true,
      limits: { fileSize: ctx.config.apkMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
    });
    await app.register(
      staffAreaRoutes(ctx, ['Back office: pricing'], (route) => {
        route(
          staffApi.apkUpload,
          {
            summary: "Uploads an app family's APK",
            description:
              '`multipart/form-data`: `family` (PD, PDOW, SL, PC, UB, KM, POB, PCHAT) and the file part `file`, at most ' +
              'APK_MAX_MB (413 beyond). It must be a ZIP holding AndroidManifest.xml and classes.dex; the version code ' +
              'and name are read from the binary manifest and the SHA-256 is computed as it streams in. A version ' +
              'code already uploaded for the family is refused (400 E_CONFLICT). Served at ' +
              "`/downloads/<family>/<versionCode>.apk`; the family's plans whose APK link is empty or hosted now link " +
              'to its highest version code (an external link set in pricing edit stays).',
          },
          async (req) => {
            const declared = Number(req.headers['content-length']);
            if (Number.isFinite(declared) && declared > ctx.config.apkMaxBytes + FORM_OVERHEAD_BYTES) {
              throw apks.apkTooLarge(ctx.config.apkMaxBytes);
            }
            return {
              respones_msg: 'APK uploaded successfully.',
              data: await apks.uploadApk(ctx, staffActorOf(req), staffOf(req).email, () => req.parts()),
            };
          },
        );
        route(staffApi.apkList, { summary: 'Uploaded APKs, newest first (optionally of one family)' }, async (req) => ({
          respones_msg: 'APK list',
          ...(await apks.listApks(ctx, req.query)),
        }));
      }),
    );
  };
