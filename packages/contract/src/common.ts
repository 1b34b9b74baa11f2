import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * The contract is written with `zod/mini` (zod 4, functional API): it tree-shakes, which keeps the
 * web's first page small, and the API's fastify-type-provider-zod reads it through `zod/v4/core`.
 */

/** Page sizes offered by every table (spec 1 §9, spec 2 §9, spec 3 §9). */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Two-step code length of the spec; OTP_LENGTH on the server may raise it to 6. */
export const OTP_DEFAULT_LENGTH = 4;

/** Refuses the NUL character, which PostgreSQL cannot store in text or JSON (`requestSchemaFaults` looks for it). */
export const NO_NUL = (v: string) => !v.includes('\u0000');

/**
 * Every string the API takes in: "is required" when absent, "must be text" when of another type, and never a NUL
 * character (issue 12: one place for every string of every request; `requestSchemaFaults` checks that none is missed).
 */
export const text = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') })
    .check(z.refine(NO_NUL, { error: 'must not contain NUL characters', abort: true }));

/**
 * Every id the API takes in is a UUID (issue 24: one schema, so a 36-character non-UUID is a 400 here and never
 * reaches PostgreSQL). `what` names the thing in the message ("must be a customer id", "must be an export id");
 * `error` replaces that message where the call has its own (lists, public links).
 */
export const idOf = (what: string, error = `must be ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} id`) =>
  z.uuid({ error });

/**
 * A number sent as a number or as its text (query strings, old clients): `number` is the rule it must meet, written
 * with `z.coerce.number(…)`. Anything else (an array, an object, a boolean) is refused, never coerced (`[[[1]]]` is not 1).
 */
export const numeric = <T extends $ZodType<number, unknown>>(number: T, error = 'must be a number') =>
  z.pipe(z.union([z.number(), text()], { error }), number as T & $ZodType<number, string | number>);

/**
 * Documents a page size's number (the `number` of a `limit`'s `numeric()`) as `type: integer, enum: allowed` in the
 * OpenAPI document: its JSON-schema metadata; the validation stays the schema's own.
 */
export function documentedPageSize<T extends $ZodType>(schema: T, allowed: readonly number[] = PAGE_SIZES): T {
  z.globalRegistry.add(schema, { type: 'integer', enum: [...allowed] });
  return schema;
}

/**
 * Euros as people type them (DECISIONS §14 "Numbers people type"): not negative, at most two decimals (never rounded
 * on the way in), at most `max`. Sent as a number or its text.
 */
export const moneyAmountSchema = (max: number, error = 'must be an amount in euro') =>
  numeric(
    z.coerce.number({ error }).check(
      z.refine((n) => Number.isFinite(n), { error, abort: true }),
      z.gte(0, { error: 'must not be negative' }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'may have at most 2 decimals' }),
      z.lte(max, { error: `must be at most ${max.toLocaleString('en-GB')}` }),
    ),
    error,
  );

/** The most items any list in a request may hold unless its schema says fewer. */
export const MAX_REQUEST_ITEMS = 1000;

const max = (n: number) => z.maxLength(n, { error: `must be at most ${n} characters` });
const required = z.minLength(1, { error: 'is required' });

export const emailSchema = z.pipe(
  text().check(z.trim(), z.toLowerCase(), required, max(254)),
  z.email({ error: 'must be a valid email address' }),
);

/** Length rules only: the common-password check needs the server's list. */
export const newPasswordSchema = text().check(
  z.minLength(PASSWORD_MIN, { error: `must be at least ${PASSWORD_MIN} characters` }),
  max(PASSWORD_MAX),
);

/** A password being checked (login, old password): any non-empty string within bounds. */
export const passwordInputSchema = text().check(required, max(PASSWORD_MAX));

export const personNameSchema = text().check(z.trim(), max(100), required);

/** Dial code with a leading plus, e.g. "+44" or "+1-684"; null when not chosen. */
export const countryCodeSchema = z.nullable(
  text().check(z.trim(), z.regex(/^\+\d{1,4}(-\d{1,4})?$/, { error: 'must be a dial code such as +44' })),
);

const digitCount = (v: string) => v.replace(/\D/g, '').length;
/**
 * Phone number as typed: national digits beside the dial code, or the whole number with its leading `+`, with optional
 * spaces, dashes or brackets; empty allowed. The server stores it in E.164 (`@fleetdeck/contract/phone`).
 */
export const phoneNumberSchema = text().check(
  z.trim(),
  max(20),
  z.regex(/^\+?[0-9 ()-]*$/, { error: 'may contain only digits, spaces, dashes and brackets, after an optional +' }),
  z.refine((v) => digitCount(v) === 0 || digitCount(v) >= 4, { error: 'must have at least 4 digits' }),
);

export const otpSchema = text().check(
  z.trim(),
  z.regex(/^\d{4,6}$/, { error: 'must be the numeric code from the email' }),
);

/** Non-empty opaque value from an emailed link. */
/**
 * The ALTCHA widget's payload (base64 JSON) on a sign-in call: optional, as the server asks for it only when an
 * account saw many failed logins across addresses (DECISIONS §4; then 400 `E_CAPTCHA`).
 */
export const signInCaptchaSchema = z.optional(z.nullable(text().check(z.maxLength(4096))));

export const linkPartSchema = (n: number) => text().check(z.trim(), required, max(n));
