import { describe, expect, it } from 'vitest';
import { whatsappHref } from './format';

describe('the failed-payment WhatsApp link (DECISIONS §14)', () => {
  it('is wa.me/<digits with country code> for a number with its country code', () => {
    expect(whatsappHref('+447700900123')).toBe('https://wa.me/447700900123');
    expect(whatsappHref('+44 7700 900123')).toBe('https://wa.me/447700900123');
  });

  it('is no link for a number without a country code, which WhatsApp would read as another country', () => {
    // Today's `wa.me/7700900123` for a +44 customer: WhatsApp reads +7.
    expect(whatsappHref('7700900123')).toBeNull();
    expect(whatsappHref('7700 900123')).toBeNull();
    expect(whatsappHref('')).toBeNull();
    expect(whatsappHref('+44 12')).toBeNull();
  });
});
