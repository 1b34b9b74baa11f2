import type { DeviceMessage, EventsResponse } from '@fleetdeck/contract';

/**
 * The body of a `GET events` answer as a JSON string, written without the route's schema serializer (issue 14: a
 * broadcast answers every long-poll of the process at once; the zod serializer parsed and copied each answer and its
 * message payload again, ~20 % of the server's CPU per answer). The text is the one the serializer wrote for the
 * contract's `eventsResponseSchema` (same keys, same order; events-answer.test.ts compares them), built from values
 * the server itself made (events-batch.ts), so nothing is left to validate.
 *
 * A message's payload is serialised once per payload object: the batched read hands the polls of one broadcast the
 * same object (events-batch.ts), so 20,000 answers stringify the notification once.
 */
const payloadJson = new WeakMap<object, string>();

function payloadText(payload: Record<string, unknown>): string {
  let text = payloadJson.get(payload);
  if (text === undefined) {
    text = JSON.stringify(payload);
    payloadJson.set(payload, text);
  }
  return text;
}

function messageText(m: DeviceMessage): string {
  return (
    `{"_id":${JSON.stringify(m._id)},"kind":${JSON.stringify(m.kind)},"payload":${payloadText(m.payload)},` +
    `"created_at":${JSON.stringify(m.created_at)}}`
  );
}

/** The events answer's content type, as Fastify sets it for a serialised object. */
export const EVENTS_CONTENT_TYPE = 'application/json; charset=utf-8';

export function eventsAnswerJson(respones_msg: string, data: EventsResponse['data']): string {
  let messages = '';
  for (let i = 0; i < data.messages.length; i++) messages += (i > 0 ? ',' : '') + messageText(data.messages[i]!);
  // Numbers and booleans the server computed; checked here so a NaN cannot turn into invalid JSON.
  if (!Number.isInteger(data.policyVersion)) throw new Error(`policyVersion ${data.policyVersion} is not an integer`);
  return (
    `{"respones_msg":${JSON.stringify(respones_msg)},"data":{"policyVersion":${data.policyVersion},` +
    `"policyChanged":${data.policyChanged === true},"messages":[${messages}],"logout":${data.logout === true}}}`
  );
}
