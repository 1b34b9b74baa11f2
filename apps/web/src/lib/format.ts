import dayjs from 'dayjs';

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** An amount in EUR as the console shows it: €29.99. */
export const formatEuro = (amount: number): string => euro.format(amount);

/** A date as the console shows it (e.g. 05 Mar 2026), or "-" when there is none. */
export const formatDate = (value: string | null | undefined): string =>
  value && dayjs(value).isValid() ? dayjs(value).format('DD MMM YYYY') : '-';

/** Date and time (e.g. 05 Mar 2026, 14:03), or "-". */
export const formatDateTime = (value: string | null | undefined): string =>
  value && dayjs(value).isValid() ? dayjs(value).format('DD MMM YYYY, HH:mm') : '-';

export const isPast = (value: string | null | undefined): boolean =>
  Boolean(value && dayjs(value).isValid() && dayjs(value).isBefore(dayjs()));
