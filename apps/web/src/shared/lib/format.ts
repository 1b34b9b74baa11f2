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

const decimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A file size as people read it: 812 bytes, 48.3 KB, 12.6 MB (1 MB = 1,048,576 bytes, as Android shows it). */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes.toLocaleString('en-GB')} bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal.format(value)} ${units[unit]}`;
};

/** A count with its noun: "1 device", "12 devices" (`plural` for nouns not made with an s). */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
