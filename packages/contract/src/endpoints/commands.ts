import { endpoint } from '../endpoint.ts';
import {
  commandCancelResponseSchema,
  commandCreateRequestSchema,
  commandDevicesQuerySchema,
  commandDevicesResponseSchema,
  commandIdParamsSchema,
  commandListQuerySchema,
  commandListResponseSchema,
  commandPreflightRequestSchema,
  commandPreflightResponseSchema,
  commandResponseSchema,
  commandResultRequestSchema,
  commandResultResponseSchema,
} from '../commands.ts';
import { messageIdParamsSchema } from '../device.ts';

/** Remote commands (DECISIONS §11): the console's calls under /api/v1/admin, the device's result under /api/v1/device. */
const A = '/api/v1/admin';

/** Sends a command; an `Idempotency-Key` header makes a repeat within 24 h answer the same command. */
export const commandCreate = endpoint({
  method: 'POST',
  path: `${A}/commands`,
  body: commandCreateRequestSchema,
  response: commandResponseSchema,
});
/** How many of the chosen devices can run the type, and why the others cannot: shown before sending. */
export const commandPreflight = endpoint({
  method: 'POST',
  path: `${A}/commands/preflight`,
  body: commandPreflightRequestSchema,
  response: commandPreflightResponseSchema,
});
export const commandList = endpoint({
  method: 'GET',
  path: `${A}/commands`,
  query: commandListQuerySchema,
  response: commandListResponseSchema,
});
export const commandDetail = endpoint({
  method: 'GET',
  path: `${A}/commands/:id`,
  params: commandIdParamsSchema,
  response: commandResponseSchema,
});
export const commandDevices = endpoint({
  method: 'GET',
  path: `${A}/commands/:id/devices`,
  params: commandIdParamsSchema,
  query: commandDevicesQuerySchema,
  response: commandDevicesResponseSchema,
});
/** Rows not yet delivered become `cancelled`. */
export const commandCancel = endpoint({
  method: 'POST',
  path: `${A}/commands/:id/cancel`,
  params: commandIdParamsSchema,
  response: commandCancelResponseSchema,
});

/** The device reports the outcome of the command its message `:id` carried. */
export const commandResult = endpoint({
  method: 'POST',
  path: '/api/v1/device/commands/:id/result',
  params: messageIdParamsSchema,
  body: commandResultRequestSchema,
  response: commandResultResponseSchema,
});
