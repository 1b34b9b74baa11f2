import { Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers (DECISIONS §14): stored and exported in E.164 (`+447700900123`). People type a national number
 * beside a dial code (`+44`, `7700 900123`), or the whole number with its `+`; `normalisePhone` turns either into
 * E.164 with libphonenumber-js, and refuses what cannot be a number of that country (a wrong length). The server
 * stores what it answers; the browser runs the same check at the field. Kept out of the contract's index (import
 * `@fleetdeck/contract/phone`) so that the number metadata loads only with the forms that ask for a number.
 */

export type PhoneResult =
  | {
      ok: true;
      /** E.164, or '' when no number was given. */
      e164: string;
      /** The dial code as the API stores it (`+44`, `+1-684`), or null. */
      dialCode: string | null;
      /** ISO 3166 alpha-2 country of the number (or of the dial code when the number does not say), or null. */
      country: string | null;
    }
  | { ok: false; message: string };

export const PHONE_NEEDS_DIAL_CODE =
  'needs a country code: choose one, or write the number with + and its country code';
export const PHONE_INVALID = 'is not a valid phone number for this country code';

/**
 * The countries of a calling code, the main one first (`1` → US, CA, …). A method of libphonenumber-js's Metadata
 * (used by its own parser) that its type declarations leave out; pinned version, covered by phone.test.ts.
 */
const metadata = new Metadata() as Metadata & { getCountryCodesForCallingCode(code: string): string[] | undefined };
const digitsOf = (v: string) => v.replace(/\D/g, '');

/** The country a dial code is most used for (`+44` → GB, `+1` → US, `+1-684` → AS); null when unknown. */
export function countryOfDialCode(dialCode: string | null | undefined): string | null {
  if (!dialCode) return null;
  const [code, area] = dialCode.replace(/^\+/, '').split('-');
  if (!code || !/^\d+$/.test(code)) return null;
  if (area) {
    const p = parsePhoneNumberFromString(`+${code}${area}2345678`);
    if (p?.country) return p.country;
  }
  return metadata.getCountryCodesForCallingCode(code)?.[0] ?? null;
}

/** A number as typed (national beside `dialCode`, or international with `+`) in E.164, or why it cannot be one. */
export function normalisePhone(number: string, dialCode: string | null | undefined): PhoneResult {
  const typed = number.trim();
  const code = dialCode?.trim() || null;
  if (digitsOf(typed) === '') {
    if (typed !== '') return { ok: false, message: PHONE_INVALID };
    return { ok: true, e164: '', dialCode: code, country: countryOfDialCode(code) };
  }
  let international: string;
  if (typed.startsWith('+')) international = `+${digitsOf(typed)}`;
  else if (typed.startsWith('00')) international = `+${digitsOf(typed).slice(2)}`;
  else if (!code) return { ok: false, message: PHONE_NEEDS_DIAL_CODE };
  else {
    const [calling = '', area = ''] = code.replace(/^\+/, '').split('-');
    let national = digitsOf(typed);
    // "+1-684" is +1 with the area code 684 (North American numbering): a 7-digit local number gets it in front.
    if (area && national.length === 7) national = `${area}${national}`;
    const parsed = parsePhoneNumberFromString(national, { defaultCallingCode: calling });
    if (!parsed) return { ok: false, message: PHONE_INVALID };
    international = parsed.number;
  }
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed?.isPossible()) return { ok: false, message: PHONE_INVALID };
  const calling = parsed.countryCallingCode;
  // The chosen dial code stays when it is the number's (it may name an area: "+1-684"); otherwise the number's own.
  const chosen = code && digitsOf(code).startsWith(calling) && parsed.number.startsWith(`+${digitsOf(code)}`);
  return {
    ok: true,
    e164: parsed.number,
    dialCode: chosen ? code : `+${calling}`,
    country: parsed.country ?? countryOfDialCode(chosen ? code : calling),
  };
}

/** What a stored number shows beside its dial code in a form: the national digits of an E.164 number. */
export function nationalPart(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  return parsePhoneNumberFromString(stored)?.nationalNumber ?? stored;
}

/**
 * A stored number with its country code, for lists and exports: E.164 as stored, or (a number stored before E.164
 * that could not be converted) the dial code and the number as typed; '' when none.
 */
export function phoneWithCountryCode(phone: string, dialCode: string | null): string {
  if (!phone || phone.startsWith('+')) return phone;
  return dialCode ? `${dialCode} ${phone}` : phone;
}
