import type { z } from 'zod/mini';

export type FieldErrors = Record<string, string>;

/** The first message of each field (path joined with '.'; '' for the whole object). */
export const issuesByField = (error: { issues: readonly z.core.$ZodIssue[] }): FieldErrors => {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
};

/**
 * The contract's field messages are written after the field ("must be an http(s) URL …"): the field's label is put
 * in front ("Website URL must be …"); a message that is a sentence of its own is only capitalised.
 */
export const fieldMessage = (label: string, message: string | undefined): string | undefined => {
  if (!message) return undefined;
  if (/^(must|is|may|should|can)\b/.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
};

/**
 * Checks `value` against a contract schema: the parsed value, or the messages per field.
 * The schema's own messages are shown under the fields (DECISIONS §2: the client checks too, for speed).
 */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: issuesByField(result.error) };
}
