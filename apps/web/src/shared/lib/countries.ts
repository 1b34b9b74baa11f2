import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

export interface DialCodeOption {
  /** Unique per entry: ISO code and dial code, e.g. "GB:+44". */
  key: string;
  iso: TCountryCode;
  /** What the API stores, e.g. "+44" or "+1-684". */
  dialCode: string;
  label: string;
}

/** North American numbering plan codes come as 4 digits ("1684"): written "+1-684". */
const formatDialCode = (phone: number): string => {
  const digits = String(phone);
  return digits.length === 4 && digits.startsWith('1') ? `+1-${digits.slice(1)}` : `+${digits}`;
};

/** Dial codes shared by several countries: the one picked when only the code is known. */
const PREFERRED: Record<string, TCountryCode> = {
  '+1': 'US',
  '+7': 'RU',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+64': 'NZ',
  '+212': 'MA',
  '+262': 'RE',
  '+290': 'SH',
  '+358': 'FI',
  '+377': 'MC',
  '+381': 'RS',
  '+386': 'SI',
  '+500': 'FK',
  '+590': 'GP',
  '+672': 'NF',
};

/** One entry per country and dial code (countries with several codes give several entries). */
export const DIAL_CODE_OPTIONS: readonly DialCodeOption[] = (Object.keys(countries) as TCountryCode[])
  .flatMap((iso) =>
    countries[iso].phone.map((phone) => {
      const dialCode = formatDialCode(phone);
      return {
        key: `${iso}:${dialCode}`,
        iso,
        dialCode,
        label: `${getEmojiFlag(iso)} ${countries[iso].name} (${dialCode})`,
      };
    }),
  )
  .sort((a, b) => countries[a.iso].name.localeCompare(countries[b.iso].name, 'en'));

const byKey = new Map(DIAL_CODE_OPTIONS.map((o) => [o.key, o]));

/** Normalises what the server stored ("44", "+44") to the option format. */
export const normaliseDialCode = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
};

export const optionByKey = (key: string | null): DialCodeOption | undefined => (key ? byKey.get(key) : undefined);

/** The entry shown for a stored dial code. */
export const keyForDialCode = (dialCode: string | null | undefined): string | null => {
  const code = normaliseDialCode(dialCode);
  if (!code) return null;
  const preferred = PREFERRED[code];
  if (preferred && byKey.has(`${preferred}:${code}`)) return `${preferred}:${code}`;
  return DIAL_CODE_OPTIONS.find((o) => o.dialCode === code)?.key ?? null;
};

/** Every country of the built-in list (spec 3 §9) as a select option, "India (IN)", sorted by name. */
export const countryOptions = (): { value: string; label: string }[] =>
  (Object.keys(countries) as TCountryCode[])
    .sort((a, b) => countries[a].name.localeCompare(countries[b].name, 'en'))
    .map((iso) => ({ value: iso, label: `${countries[iso].name} (${iso})` }));

/** "India" for an ISO code of the list; the code itself otherwise. */
export const countryName = (iso: string): string =>
  (countries as Partial<Record<string, (typeof countries)[TCountryCode]>>)[iso]?.name ?? iso;
