import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { profileIdQuerySchema } from '../device.ts';
import {
  applicationSyncResponseSchema,
  deviceApplicationUpdateRequestSchema,
  deviceApplicationUpdateResponseSchema,
  deviceDetailQuerySchema,
  deviceDetailResponseSchema,
  keyMapperAddRequestSchema,
  kioskSettingRequestSchema,
  playStoreIconParamsSchema,
  playStoreSearchQuerySchema,
  playStoreSearchResponseSchema,
  powerCleanerSettingRequestSchema,
  powerOnBootSettingRequestSchema,
  profileApplicationCreateRequestSchema,
  profileApplicationUpdateRequestSchema,
  profileApplicationsQuerySchema,
  profileApplicationsResponseSchema,
  profileBlockUrlRequestSchema,
  profileDetailResponseSchema,
  profileEntryRefBodySchema,
  profileEntryRefQuerySchema,
  profileFileRequestSchema,
  profileUpdateRequestSchema,
} from '../profiles.ts';

/** The customer's profile calls (spec 2 §7, `profile/*` under /api/v1/admin) and the Play Store search. */
const P = '/api/v1/admin/profile';

export const detail = endpoint({
  method: 'GET',
  path: `${P}/detail`,
  query: profileIdQuerySchema,
  response: profileDetailResponseSchema,
});
export const deviceDetail = endpoint({
  method: 'GET',
  path: `${P}/device/detail`,
  query: deviceDetailQuerySchema,
  response: deviceDetailResponseSchema,
});
export const applicationSync = endpoint({
  method: 'GET',
  path: `${P}/device/application/sync`,
  query: profileIdQuerySchema,
  response: applicationSyncResponseSchema,
});
export const applications = endpoint({
  method: 'GET',
  path: `${P}/applications`,
  query: profileApplicationsQuerySchema,
  response: profileApplicationsResponseSchema,
});
export const update = endpoint({
  method: 'POST',
  path: `${P}/update`,
  body: profileUpdateRequestSchema,
  response: profileDetailResponseSchema,
});
export const deviceApplicationUpdate = endpoint({
  method: 'POST',
  path: `${P}/device/application/update`,
  body: deviceApplicationUpdateRequestSchema,
  response: deviceApplicationUpdateResponseSchema,
});
export const applicationCreate = endpoint({
  method: 'POST',
  path: `${P}/application/create`,
  body: profileApplicationCreateRequestSchema,
  response: profileApplicationsResponseSchema,
});
export const applicationUpdate = endpoint({
  method: 'POST',
  path: `${P}/application/update`,
  body: profileApplicationUpdateRequestSchema,
  response: profileApplicationsResponseSchema,
});
/** `profileId` and `id` in the query string or a JSON body. */
export const applicationDelete = endpoint({
  method: 'DELETE',
  path: `${P}/application/delete`,
  query: profileEntryRefQuerySchema,
  body: profileEntryRefBodySchema,
  response: profileApplicationsResponseSchema,
});
export const fileAdd = endpoint({
  method: 'POST',
  path: `${P}/file/add`,
  body: profileFileRequestSchema,
  response: profileDetailResponseSchema,
});
export const fileDelete = endpoint({
  method: 'POST',
  path: `${P}/file/delete`,
  body: profileFileRequestSchema,
  response: profileDetailResponseSchema,
});
export const blockUrlAdd = endpoint({
  method: 'POST',
  path: `${P}/blockUrl/add`,
  body: profileBlockUrlRequestSchema,
  response: profileDetailResponseSchema,
});
export const blockUrlDelete = endpoint({
  method: 'POST',
  path: `${P}/blockUrl/delete`,
  body: profileBlockUrlRequestSchema,
  response: profileDetailResponseSchema,
});
export const keyMapperAdd = endpoint({
  method: 'POST',
  path: `${P}/keyMapper/add`,
  body: keyMapperAddRequestSchema,
  response: profileDetailResponseSchema,
});
/** `profileId` and `id` in a JSON body or the query string: POST as the spec has it… */
export const keyMapperDelete = endpoint({
  method: 'POST',
  path: `${P}/keyMapper/delete`,
  query: profileEntryRefQuerySchema,
  body: profileEntryRefBodySchema,
  response: profileDetailResponseSchema,
});
/** …and DELETE too. */
export const keyMapperDeleteByDelete = endpoint({
  method: 'DELETE',
  path: `${P}/keyMapper/delete`,
  query: profileEntryRefQuerySchema,
  body: profileEntryRefBodySchema,
  response: profileDetailResponseSchema,
});
export const powerCleanerSetting = endpoint({
  method: 'POST',
  path: `${P}/update/pc/setting`,
  body: powerCleanerSettingRequestSchema,
  response: profileDetailResponseSchema,
});
export const powerOnBootSetting = endpoint({
  method: 'POST',
  path: `${P}/update/pob/setting`,
  body: powerOnBootSettingRequestSchema,
  response: profileDetailResponseSchema,
});
export const kioskSetting = endpoint({
  method: 'POST',
  path: `${P}/update/kiosk/setting`,
  body: kioskSettingRequestSchema,
  response: profileDetailResponseSchema,
});
export const playStoreSearch = endpoint({
  method: 'GET',
  path: '/api/v1/admin/device/playstore/search',
  query: playStoreSearchQuerySchema,
  response: playStoreSearchResponseSchema,
});
/** An app icon of the local catalogue (SVG text; no session: an <img> loads it). */
export const playStoreIcon = endpoint({
  method: 'GET',
  path: '/api/v1/playstore/icon/:file',
  params: playStoreIconParamsSchema,
  response: z.string(),
});
