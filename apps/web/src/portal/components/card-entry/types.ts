/** What a payment page can ask of the card entry, whichever provider draws it. */
export interface CardEntryHandle {
  /** Checks the entered card; shows inline errors and answers false when it is not complete. */
  validate: () => boolean;
  /**
   * Confirms a payment intent (its client secret) with the entered card.
   * Throws an Error carrying the card provider's message when the payment fails (e.g. "Your card was declined.").
   */
  confirmPayment: (clientSecret: string) => Promise<'succeeded' | 'processing'>;
  /** Tokenises the entered card into a payment method id (`pm_…`) to attach to the account. */
  createPaymentMethod: () => Promise<string>;
  /** Clears the entered card. */
  clear: () => void;
}

/** Thrown when the card provider refuses: the message is the provider's, shown to the user as is. */
export class CardPaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardPaymentError';
  }
}
