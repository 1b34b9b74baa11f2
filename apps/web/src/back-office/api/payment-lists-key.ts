/** Payment history, payment errors and upcoming-expiry lists share this key (follow-ups refresh them). */
export const PAYMENT_LISTS_KEY = ['staff', 'payment-lists'] as const;
