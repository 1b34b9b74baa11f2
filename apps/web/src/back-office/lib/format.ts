import dayjs from 'dayjs';

/** Spec 3 §9 date display: 'DD Mon YYYY HH:MM:SS' (e.g. 05 Mar 2026 14:03:27), in the browser's zone; "-" for none. */
export const formatStaffDateTime = (value: string | null | undefined): string =>
  value && dayjs(value).isValid() ? dayjs(value).format('DD MMM YYYY HH:mm:ss') : '-';

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** Spec 3 §9: payment tables show amounts in euro. */
export const formatPaymentEuro = (amount: number): string => euro.format(amount);

/** The payment method as staff read it: the wallet (Google Pay) or the method, with the card's last digits. */
export function methodLabel(
  method: {
    type: string;
    card: { brand?: string | undefined; last4?: string | undefined; wallet: { type: string } | null } | null;
  } | null,
): string {
  if (!method) return '-';
  const kind = (method.card?.wallet?.type ?? method.type).replace(/_/g, ' ');
  const last4 = method.card?.last4 ? ` •••• ${method.card.last4}` : '';
  return `${kind}${last4}`;
}

/**
 * `https://wa.me/<digits with country code>` for a phone number with its country code (E.164 `+447700900123`, or an
 * older `+44 7700 900123`), or null when it has no country code (WhatsApp would read the first digits as one) or too
 * few digits.
 */
export function whatsappHref(phone: string): string | null {
  if (!phone.trim().startsWith('+')) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}

/** The same date and time on two lines (date, then time), for narrow table columns. */
export const staffDateTimeParts = (value: string | null | undefined): [string, string] | null => {
  const text = formatStaffDateTime(value);
  if (text === '-') return null;
  const cut = text.lastIndexOf(' ');
  return [text.slice(0, cut), text.slice(cut + 1)];
};
