import type { $ZodType } from 'zod/v4/core';
import { NO_NUL } from './common.ts';

/**
 * The rules every request schema of the contract keeps (issue 12, item 9), checked by walking the schema:
 * - every string refuses NUL bytes (PostgreSQL cannot store them): it is built from `text()` or is a format (uuid…);
 * - every array has a maximum length;
 * - no number is coerced from anything but a number or its text (`numeric()`; `[[[1]]]` is not 1);
 * - no `unknown`/`any` value is taken in (it would reach the database unchecked).
 * `requestSchemaFaults` lists the places that break them; the contract's test runs it over every endpoint,
 * customer, device and staff, so a new endpoint is checked without anyone listing it.
 */
export function requestSchemaFaults(schema: $ZodType | undefined, at = ''): string[] {
  const faults: string[] = [];
  const seen = new Set<$ZodType>();
  const walk = (s: $ZodType, path: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    const def = s._zod.def as unknown as Record<string, unknown> & {
      type: string;
      checks?: { _zod: { def: unknown } }[];
    };
    const checks = (def.checks ?? []).map((c) => c._zod.def as { check: string; fn?: unknown });
    const here = path || '(root)';
    switch (def.type) {
      case 'string':
        // A format (uuid, email…) admits no NUL character; anything else needs the check of `text()`.
        if (!def.format && !checks.some((c) => c.fn === NO_NUL))
          faults.push(`${here}: string without the NUL check (use text())`);
        return;
      case 'number':
        if (def.coerce) faults.push(`${here}: coerced number (use numeric())`);
        return;
      case 'array':
        if (!checks.some((c) => c.check === 'max_length')) faults.push(`${here}: array without a maximum length`);
        walk(def.element as $ZodType, `${path}[]`);
        return;
      case 'object':
        for (const [key, value] of Object.entries(def.shape as Record<string, $ZodType>))
          walk(value, path ? `${path}.${key}` : key);
        if (def.catchall && (def.catchall as $ZodType)._zod.def.type !== 'never')
          walk(def.catchall as $ZodType, `${path}.*`);
        return;
      case 'record':
        walk(def.keyType as $ZodType, `${path}{key}`);
        walk(def.valueType as $ZodType, `${path}{}`);
        return;
      case 'tuple':
        (def.items as $ZodType[]).forEach((item, i) => walk(item, `${path}[${i}]`));
        if (def.rest) walk(def.rest as $ZodType, `${path}[]`);
        return;
      case 'union':
        for (const option of def.options as $ZodType[]) walk(option, path);
        return;
      case 'intersection':
        walk(def.left as $ZodType, path);
        walk(def.right as $ZodType, path);
        return;
      case 'pipe': {
        // The input side sees the raw value; the output side only what the input side let through,
        // unless the input side is a bare transform (a preprocess), which lets anything through.
        const input = def.in as $ZodType;
        if (input._zod.def.type === 'transform') walk(def.out as $ZodType, path);
        else walk(input, path);
        return;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(def.innerType as $ZodType, path);
        return;
      case 'lazy':
        walk((def.getter as () => $ZodType)(), path);
        return;
      case 'any':
      case 'unknown':
        faults.push(`${here}: ${def.type} value (give it a schema)`);
        return;
      default:
        // boolean, literal, enum, int, bigint, date, null, never, transform, custom…: nothing unbounded to take in.
        return;
    }
  };
  if (schema) walk(schema, at);
  return faults;
}
