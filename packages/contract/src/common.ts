import { z } from 'zod';

/** Page sizes offered by every table (spec 1 §9, spec 2 §9, spec 3 §9). */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Two-step code length of the spec; OTP_LENGTH on the server may raise it to 6. */
export const OTP_DEFAULT_LENGTH = 4;

export const idSchema = z.uuid({ message: 'must be a valid id' });
export const isoDateTime = z.string();

/** "is required" when absent, "must be text" when of another type. */
export const text = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') });

const trimmed = (max: number) =>
  text()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .min(1, { message: 'is required' })
  .max(254, { message: 'must be at most 254 characters' })
  .pipe(z.email({ message: 'must be a valid email address' }));

/** Length rules only: the common-password check needs the server's list. */
export const newPasswordSchema = text()
  .min(PASSWORD_MIN, { message: `must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `must be at most ${PASSWORD_MAX} characters` });

/** A password being checked (login, old password): any non-empty string within bounds. */
export const passwordInputSchema = text()
  .min(1, { message: 'is required' })
  .max(PASSWORD_MAX, { message: `must be at most ${PASSWORD_MAX} characters` });

export const personNameSchema = trimmed(100).min(1, { message: 'is required' });

/** Dial code with a leading plus, e.g. "+44" or "+1-684"; null when not chosen. */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}(-\d{1,4})?$/, { message: 'must be a dial code such as +44' })
  .nullable();

/** Local phone number: digits with optional spaces, dashes or brackets; empty allowed. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(20, { message: 'must be at most 20 characters' })
  .regex(/^[0-9 ()-]*$/, { message: 'may contain only digits, spaces, dashes and brackets' })
  .refine((v) => v.replace(/\D/g, '').length === 0 || v.replace(/\D/g, '').length >= 4, {
    message: 'must have at least 4 digits',
  });

export const otpSchema = text()
  .trim()
  .regex(/^\d{4,6}$/, { message: 'must be the numeric code from the email' });
