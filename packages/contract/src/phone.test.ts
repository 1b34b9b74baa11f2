import { describe, expect, it } from 'vitest';
import { countryOfDialCode, nationalPart, normalisePhone, phoneWithCountryCode } from './phone.ts';

describe('phone numbers in E.164 (DECISIONS §14)', () => {
  it('turns a national number beside its dial code into E.164, with the country of the number', () => {
    expect(normalisePhone('7700 900123', '+44')).toEqual({
      ok: true,
      e164: '+447700900123',
      dialCode: '+44',
      country: 'GB',
    });
    // The trunk prefix is dropped; brackets and dashes are ignored.
    expect(normalisePhone('(07700) 900-123', '+44')).toMatchObject({ ok: true, e164: '+447700900123' });
    // Italy keeps its leading 0.
    expect(normalisePhone('06 1234 5678', '+39')).toMatchObject({ ok: true, e164: '+390612345678', country: 'IT' });
    // A shared dial code: the number names the country (Canada, not the US).
    expect(normalisePhone('604 555 0123', '+1')).toMatchObject({ ok: true, e164: '+16045550123', country: 'CA' });
    // An area-coded dial code: a 7-digit local number gets the area code.
    expect(normalisePhone('733 1234', '+1-684')).toEqual({
      ok: true,
      e164: '+16847331234',
      dialCode: '+1-684',
      country: 'AS',
    });
  });

  it('takes a whole international number as it is, whatever dial code is chosen', () => {
    expect(normalisePhone('+49 30 1234567', null)).toMatchObject({ ok: true, e164: '+49301234567', dialCode: '+49' });
    expect(normalisePhone('+44 7700 900123', '+49')).toMatchObject({ e164: '+447700900123', dialCode: '+44' });
    expect(normalisePhone('0044 7700 900123', null)).toMatchObject({ e164: '+447700900123', country: 'GB' });
  });

  it('refuses a number of the wrong length for its country, and a national number without a dial code', () => {
    expect(normalisePhone('12345', '+44')).toEqual({
      ok: false,
      message: 'is not a valid phone number for this country code',
    });
    expect(normalisePhone('7700 900123 4567', '+44').ok).toBe(false);
    expect(normalisePhone('7700 900123', null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/country code/),
    });
  });

  it('allows no number at all', () => {
    expect(normalisePhone('', '+44')).toEqual({ ok: true, e164: '', dialCode: '+44', country: 'GB' });
    expect(normalisePhone('  ', null)).toEqual({ ok: true, e164: '', dialCode: null, country: null });
  });

  it('names the main country of a dial code, shows a stored number in its parts and with its code', () => {
    expect([
      countryOfDialCode('+1'),
      countryOfDialCode('+7'),
      countryOfDialCode('+44'),
      countryOfDialCode(null),
    ]).toEqual(['US', 'RU', 'GB', null]);
    expect(nationalPart('+447700900123')).toBe('7700900123');
    expect(nationalPart('7700 900123')).toBe('7700 900123');
    expect(phoneWithCountryCode('+447700900123', '+44')).toBe('+447700900123');
    expect(phoneWithCountryCode('77 00', '+44')).toBe('+44 77 00');
    expect(phoneWithCountryCode('', '+44')).toBe('');
  });
});
