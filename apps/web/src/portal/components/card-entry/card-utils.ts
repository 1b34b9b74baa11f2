/** Card helpers of the sandbox card form: formatting, brand detection and checks (no network). */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const detectBrand = (raw: string): CardBrand => {
  const n = raw.replace(/\D/g, '');
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(n)) return 'diners';
  if (/^35/.test(n)) return 'jcb';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
};

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

const maxDigits = (brand: CardBrand) => (brand === 'amex' ? 15 : brand === 'diners' ? 14 : 19);

/** Digits grouped by four (Amex 4-6-5), as the user types. */
export const formatCardNumber = (raw: string): string => {
  const brand = detectBrand(raw);
  const digits = raw.replace(/\D/g, '').slice(0, maxDigits(brand));
  if (brand === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
};

/** "MM / YY" as the user types; a lone first digit above 1 becomes "0N". */
export const formatExpiry = (raw: string): string => {
  let digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
};

export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
};

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const emptyCard = (): CardValues => ({ number: '', expiry: '', cvc: '' });

/** Client checks of a card before anything is sent; the provider has the last word. */
export const validateCard = (values: CardValues, now = new Date()): CardErrors => {
  const errors: CardErrors = {};
  const digits = values.number.replace(/\D/g, '');
  if (!digits) errors.number = 'Enter the card number.';
  else if (digits.length < 12 || digits.length > 19 || !luhn(digits)) errors.number = 'Your card number is invalid.';
  const exp = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!exp) errors.expiry = 'Use the format MM / YY.';
  else {
    const endOfMonth = new Date(exp.year, exp.month, 1);
    if (endOfMonth <= now) errors.expiry = 'Your card has expired.';
  }
  const cvcLength = detectBrand(digits) === 'amex' ? 4 : 3;
  if (!values.cvc) errors.cvc = 'Enter the CVC.';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(values.cvc)) errors.cvc = `The CVC has ${cvcLength} digits.`;
  return errors;
};

/** The sandbox API's card fields. */
export const toSandboxCard = (values: CardValues) => {
  const exp = parseExpiry(values.expiry);
  return {
    number: values.number.replace(/\D/g, ''),
    expMonth: exp?.month ?? 0,
    expYear: exp?.year ?? 0,
    cvc: values.cvc,
  };
};
