export { CardEntry } from './card-entry';
export { PaymentBrandIcon, brandLabel } from './card-brand-icon';
export { confirmWithEnteredCard, confirmWithSavedCard } from './confirm-card';
export { CardPaymentError, type CardEntryHandle } from './types';
