import { paymentsApi, type PurchaseRequest, type SubscriptionUpdateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/** A fresh idempotency key for one checkout attempt (retries of that attempt reuse it). */
export const newIdempotencyKey = (): string => {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** `POST payments/purchase`: answers the client secret to confirm in the browser. */
export const purchase = async (body: PurchaseRequest, idempotencyKey: string) =>
  (await client(paymentsApi.purchase, { body, headers: { 'Idempotency-Key': idempotencyKey } })).data;

/** `POST payments/subscription/update`: adds seats to the subscription; answers a client secret. */
export const updateSubscription = async (body: SubscriptionUpdateRequest, idempotencyKey: string) =>
  (await client(paymentsApi.updateSubscription, { body, headers: { 'Idempotency-Key': idempotencyKey } })).data;
