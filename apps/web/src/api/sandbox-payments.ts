import {
  sandboxConfirmResponseSchema,
  sandboxPaymentMethodResponseSchema,
  type SandboxConfirmRequest,
} from '@fleetdeck/contract';
import { api } from '@/lib/api-client';

/** The sandbox payment provider (DECISIONS §5): what Stripe.js does in the browser, against our server. */
export const SANDBOX_API = '/api/v1/sandbox';

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Tokenises a card into a payment method (`pm_…`), like Stripe's createPaymentMethod. */
export const createSandboxPaymentMethod = async (card: SandboxCard) =>
  (await api.post(`${SANDBOX_API}/payment-methods`, card, sandboxPaymentMethodResponseSchema)).data;

/** Confirms a payment intent; a declined card answers 402 with the provider's message (thrown as ApiError). */
export const confirmSandboxPayment = async (body: SandboxConfirmRequest) =>
  (await api.post(`${SANDBOX_API}/confirm`, body, sandboxConfirmResponseSchema)).data;
