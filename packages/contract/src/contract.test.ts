import { describe, expect, it } from 'vitest';
import { FAMILY_PLANS, PLAN_CODES, familyOfPlan } from './plans.ts';
import { registerRequestSchema, resetPasswordRequestSchema } from './users.ts';

describe('register schema', () => {
  it('normalises the email and defaults optional fields', () => {
    const parsed = registerRequestSchema.parse({
      name: ' Ann ',
      email: ' Ann@Example.COM ',
      password: 'Glacier-Orbit-4417',
    });
    expect(parsed).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'Glacier-Orbit-4417',
      registration_code: '',
      country_code: null,
      phone_number: '',
    });
  });

  it('says "is required" for a missing field and "must be text" for a wrong type', () => {
    const missing = registerRequestSchema.safeParse({ email: 'a@b.co', password: 'Glacier-Orbit-4417' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['name'], message: 'is required' });
    const wrong = registerRequestSchema.safeParse({ name: 5, email: 'a@b.co', password: 'Glacier-Orbit-4417' });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['name'], message: 'must be text' });
  });

  it('bounds the password to 8..128 characters', () => {
    const base = { name: 'A', email: 'a@b.co' };
    expect(registerRequestSchema.safeParse({ ...base, password: '1234567' }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
  });
});

describe('reset-password schema', () => {
  it('accepts encrypted_data (spec) or encryptedData, and needs one', () => {
    const base = { password: 'Glacier-Orbit-4417', confirm_password: 'Glacier-Orbit-4417', iv: 'ab' };
    expect(resetPasswordRequestSchema.safeParse({ ...base, encrypted_data: 'cd' }).success).toBe(true);
    expect(resetPasswordRequestSchema.safeParse({ ...base, encryptedData: 'cd' }).success).toBe(true);
    expect(resetPasswordRequestSchema.safeParse(base).success).toBe(false);
  });
});

describe('plan families', () => {
  it('maps all 15 plan codes to their own family (DECISIONS §1)', () => {
    expect(PLAN_CODES).toHaveLength(15);
    expect(familyOfPlan('SLOT')).toBe('SL');
    expect(familyOfPlan('PCOT')).toBe('PC');
    expect(familyOfPlan('PDOWOT')).toBe('PDOW');
    expect(FAMILY_PLANS.PCHAT.oneTime).toBeNull();
  });
});
