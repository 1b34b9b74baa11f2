import { endpoint } from '../endpoint.ts';
import {
  eventsQuerySchema,
  eventsResponseSchema,
  messageAckResponseSchema,
  messageIdParamsSchema,
  policyAckRequestSchema,
  policyAckResponseSchema,
  policyResponseSchema,
  profileApplyResponseSchema,
  profileIdQuerySchema,
} from '../device.ts';

/** Policy delivery (DECISIONS §6): the device API under /api/v1/device and the console's Apply. */
const D = '/api/v1/device';

export const policy = endpoint({ method: 'GET', path: `${D}/policy`, response: policyResponseSchema });
export const ack = endpoint({
  method: 'POST',
  path: `${D}/policy/ack`,
  body: policyAckRequestSchema,
  response: policyAckResponseSchema,
});
export const events = endpoint({
  method: 'GET',
  path: `${D}/events`,
  query: eventsQuerySchema,
  response: eventsResponseSchema,
});
export const messageDelivered = endpoint({
  method: 'POST',
  path: `${D}/notifications/:id/delivered`,
  params: messageIdParamsSchema,
  response: messageAckResponseSchema,
});
export const messageOpened = endpoint({
  method: 'POST',
  path: `${D}/notifications/:id/opened`,
  params: messageIdParamsSchema,
  response: messageAckResponseSchema,
});

/** Customer: freeze the profile's settings into a new policy version and wake the device. */
export const apply = endpoint({
  method: 'GET',
  path: '/api/v1/admin/profile/apply',
  query: profileIdQuerySchema,
  response: profileApplyResponseSchema,
});
