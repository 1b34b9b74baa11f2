import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { messageSchema } from '../envelope.ts';
import { profileIdQuerySchema } from '../device.ts';
import {
  bulkActionCreateRequestSchema,
  bulkActionQuerySchema,
  bulkActionResponseSchema,
  groupCreateRequestSchema,
  groupDevicesRequestSchema,
  groupDevicesResponseSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupResponseSchema,
  groupUpdateRequestSchema,
  idParamsOf,
  profileDriftResponseSchema,
  rolloutCreateRequestSchema,
  rolloutDevicesQuerySchema,
  rolloutDevicesResponseSchema,
  rolloutListQuerySchema,
  rolloutListResponseSchema,
  rolloutResponseSchema,
  templateCreateRequestSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateResponseSchema,
  templateUpdateRequestSchema,
} from '../fleet.ts';

/** Fleet operations (DECISIONS §10): templates, groups, rollouts, bulk actions, under /api/v1/admin. */
const A = '/api/v1/admin';
const templateParams = idParamsOf('template');
const groupParams = idParamsOf('group');
const rolloutParams = idParamsOf('rollout');

export const templateCreate = endpoint({
  method: 'POST',
  path: `${A}/templates`,
  body: templateCreateRequestSchema,
  response: templateResponseSchema,
});
export const templateList = endpoint({
  method: 'GET',
  path: `${A}/templates`,
  query: templateListQuerySchema,
  response: templateListResponseSchema,
});
export const templateDetail = endpoint({
  method: 'GET',
  path: `${A}/templates/:id`,
  params: templateParams,
  response: templateResponseSchema,
});
export const templateUpdate = endpoint({
  method: 'PUT',
  path: `${A}/templates/:id`,
  params: templateParams,
  body: templateUpdateRequestSchema,
  response: templateResponseSchema,
});
export const templateDelete = endpoint({
  method: 'DELETE',
  path: `${A}/templates/:id`,
  params: templateParams,
  response: messageSchema,
});

export const groupCreate = endpoint({
  method: 'POST',
  path: `${A}/groups`,
  body: groupCreateRequestSchema,
  response: groupResponseSchema,
});
export const groupList = endpoint({
  method: 'GET',
  path: `${A}/groups`,
  query: groupListQuerySchema,
  response: groupListResponseSchema,
});
export const groupDetail = endpoint({
  method: 'GET',
  path: `${A}/groups/:id`,
  params: groupParams,
  response: groupResponseSchema,
});
export const groupUpdate = endpoint({
  method: 'PUT',
  path: `${A}/groups/:id`,
  params: groupParams,
  body: groupUpdateRequestSchema,
  response: groupResponseSchema,
});
export const groupDelete = endpoint({
  method: 'DELETE',
  path: `${A}/groups/:id`,
  params: groupParams,
  response: messageSchema,
});
export const groupAddDevices = endpoint({
  method: 'POST',
  path: `${A}/groups/:id/devices`,
  params: groupParams,
  body: groupDevicesRequestSchema,
  response: groupDevicesResponseSchema,
});
export const groupRemoveDevices = endpoint({
  method: 'POST',
  path: `${A}/groups/:id/devices/remove`,
  params: groupParams,
  body: groupDevicesRequestSchema,
  response: groupDevicesResponseSchema,
});
/** The QR image (PNG) of `<PUBLIC_URL>/enrol?token=<enrolmentToken>&group=<groupId>`. */
export const groupEnrolmentQr = endpoint({
  method: 'GET',
  path: `${A}/groups/:id/enrolment-qr`,
  params: groupParams,
  response: z.string(),
});
/** The settings of a device that differ from its group's template version, in plain words. */
export const profileDrift = endpoint({
  method: 'GET',
  path: `${A}/profile/drift`,
  query: profileIdQuerySchema,
  response: profileDriftResponseSchema,
});

export const rolloutCreate = endpoint({
  method: 'POST',
  path: `${A}/rollouts`,
  body: rolloutCreateRequestSchema,
  response: rolloutResponseSchema,
});
export const rolloutList = endpoint({
  method: 'GET',
  path: `${A}/rollouts`,
  query: rolloutListQuerySchema,
  response: rolloutListResponseSchema,
});
export const rolloutDetail = endpoint({
  method: 'GET',
  path: `${A}/rollouts/:id`,
  params: rolloutParams,
  response: rolloutResponseSchema,
});
export const rolloutDevices = endpoint({
  method: 'GET',
  path: `${A}/rollouts/:id/devices`,
  params: rolloutParams,
  query: rolloutDevicesQuerySchema,
  response: rolloutDevicesResponseSchema,
});
export const rolloutResume = endpoint({
  method: 'POST',
  path: `${A}/rollouts/:id/resume`,
  params: rolloutParams,
  response: rolloutResponseSchema,
});
export const rolloutCancel = endpoint({
  method: 'POST',
  path: `${A}/rollouts/:id/cancel`,
  params: rolloutParams,
  response: rolloutResponseSchema,
});
export const rolloutRollback = endpoint({
  method: 'POST',
  path: `${A}/rollouts/:id/rollback`,
  params: rolloutParams,
  response: rolloutResponseSchema,
});

export const bulkActionCreate = endpoint({
  method: 'POST',
  path: `${A}/bulk-actions`,
  body: bulkActionCreateRequestSchema,
  response: bulkActionResponseSchema,
});
export const bulkActionDetail = endpoint({
  method: 'GET',
  path: `${A}/bulk-actions/:id`,
  params: idParamsOf('bulk action'),
  query: bulkActionQuerySchema,
  response: bulkActionResponseSchema,
});
