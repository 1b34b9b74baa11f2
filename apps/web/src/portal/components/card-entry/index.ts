export { CardEntry } from './card-entry';
export { PaymentBrandIcon, brandLabel } from './card-brand-icon';
export { confirmWithSavedCard } from './confirm-saved-card';
export { CardPaymentError, type CardEntryHandle } from './types';
