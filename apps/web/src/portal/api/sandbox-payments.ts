import { sandboxApi, type EndpointBody, type SandboxConfirmRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';

/**
 * A card as the sandbox payment provider tokenises it (DECISIONS §5: what Stripe.js does in the browser, against
 * our server): number, expiry month and year, CVC.
 */
export type SandboxCard = EndpointBody<typeof sandboxApi.tokeniseCard>;

/** Tokenises a card into a payment method (`pm_…`), like Stripe's createPaymentMethod. */
export const createSandboxPaymentMethod = async (card: SandboxCard) =>
  (await client(sandboxApi.tokeniseCard, { body: card })).data;

/** Confirms a payment intent; a declined card answers 402 with the provider's message (thrown as ApiError). */
export const confirmSandboxPayment = async (body: SandboxConfirmRequest) =>
  (await client(sandboxApi.confirm, { body })).data;
