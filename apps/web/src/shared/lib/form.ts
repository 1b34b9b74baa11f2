import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from './api-client';

/**
 * Forms over the contract's schemas (DECISIONS §2: the server checks everything; the browser checks too, for speed,
 * where the spec says so). `useContractForm(schema, initialValues)` is a `@mantine/form` form whose validation is the
 * contract schema, with the contract's messages under the fields ("Name" + "is required" → "Name is required"), and
 * whose `setServerErrors` puts a 400's `errors[{field, message}]` under the same fields.
 */

export type FieldErrors = Record<string, string>;

/** The first message of each field (path joined with '.'; '' for the whole value). */
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

/** The server's per-field messages: a 400/409's `errors[{field, message}]`, or a `respones_msg` "field: message". */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const e of error.body?.errors ?? []) {
    if (!(e.field in out)) out[e.field] = e.message;
  }
  const named = /^([\w.]+): (.*)$/.exec(error.message);
  if (named && !(named[1]! in out)) out[named[1]!] = named[2]!;
  return out;
}

export interface ContractFormOptions<V, S extends z.ZodMiniType> {
  /** The request, from the form's values (default: the values themselves). */
  toRequest?: (values: V) => z.input<S>;
  /** Labels put in front of the contract's messages, by form field. A field without one gets the message as is. */
  labels?: Partial<Record<string, string>>;
  /** Request paths that are not form fields (nested settings): request path → form field. */
  fieldOf?: Record<string, string>;
  /**
   * `false` where the spec leaves the checks to the server ("no client checks": login, register, password change
   * and reset): the schema only types the request.
   */
  clientCheck?: boolean;
  /**
   * A second request to check when the first fails (merged under the first's messages): zod runs an object's own
   * rules only once its fields pass, so e.g. the kiosk checks again without its number fields to show every problem.
   */
  recheck?: (request: z.input<S>) => z.input<S>;
  /** Checks of the form itself that the spec names (the terms box), run before the schema. */
  rules?: (values: V) => Partial<FieldErrors>;
}

export type ContractForm<V, S extends z.ZodMiniType> = UseFormReturnType<V> & {
  /**
   * The form's `onSubmit`: with the checks passed, `send` gets the request (parsed by the schema when the browser
   * checks it). Submitting again while `busy` does nothing.
   */
  submit: (
    send: (request: z.input<S>, values: V) => void,
    busy?: boolean,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Puts the server's per-field messages under the fields; true when one matched a field. */
  setServerErrors: (error: unknown) => boolean;
};

/** `useContractForm(schema, initialValues, options)`: see the top of this file. */
export function useContractForm<V extends Record<string, unknown>, S extends z.ZodMiniType>(
  schema: S,
  initialValues: V,
  { toRequest, labels = {}, fieldOf = {}, clientCheck = true, recheck, rules }: ContractFormOptions<V, S> = {},
): ContractForm<V, S> {
  const request = (values: V) => (toRequest ? toRequest(values) : (values as z.input<S>));
  /** Contract messages by request path → messages by form field, with the field's label in front. */
  const toFormErrors = (errors: FieldErrors): FormErrors => {
    const out: FormErrors = {};
    for (const [path, message] of Object.entries(errors)) {
      const field = fieldOf[path] ?? path;
      if (field in out) continue;
      const label = labels[field];
      out[field] = label ? fieldMessage(label, message) : message;
    }
    return out;
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const own = Object.fromEntries(Object.entries(rules?.(values) ?? {}).filter(([, message]) => message));
      if (Object.keys(own).length > 0) return own;
      if (!clientCheck) return {};
      const body = request(values);
      const checked = schema.safeParse(body);
      if (checked.success) return {};
      const again = recheck ? schema.safeParse(recheck(body)) : undefined;
      const more = again && !again.success ? issuesByField(again.error) : {};
      return toFormErrors({ ...more, ...issuesByField(checked.error) });
    },
  });

  const submit: ContractForm<V, S>['submit'] =
    (send, busy = false) =>
    (event) => {
      event?.preventDefault();
      if (busy) return;
      form.onSubmit((values) => {
        const body = request(values);
        const parsed = clientCheck ? schema.safeParse(body) : undefined;
        send(parsed?.success ? (parsed.data as z.input<S>) : body, values);
      })(event);
    };

  const setServerErrors = (error: unknown) => {
    const errors = toFormErrors(serverFieldErrors(error));
    const known = Object.fromEntries(Object.entries(errors).filter(([field]) => field in initialValues));
    form.setErrors(known);
    return Object.keys(known).length > 0;
  };

  return { ...form, submit, setServerErrors };
}
