import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatEuro } from '@/shared/lib/format';

/**
 * The one field for money and quantities people type (DECISIONS §14 "Numbers people type"). It keeps exactly the text
 * typed (a minus sign, a fraction, a huge number are never dropped, rounded or clamped) and says what is wrong with it
 * under the field; the page sends only what `checkNumber` accepts, so the number sent is the number shown.
 *
 * - `money`: euros, at least `min` (default 0), at most two decimals, shown with a `€` in front;
 * - `whole`: whole numbers (seats, quantities, version codes), at least `min` (default 1);
 * - `decimal`: other numbers with up to `decimals` decimals (rates, percentages), at least `min` (default 0).
 */
export type NumberKind = 'money' | 'whole' | 'decimal';

export interface NumberRules {
  kind: NumberKind;
  min?: number | undefined;
  max?: number | undefined;
  /** Empty is an error (default); `false`: empty is no value and no error. */
  required?: boolean | undefined;
  /** Said after "at most …" (e.g. "what remains paid for 2 seats"). */
  maxHint?: string | undefined;
  /** `decimal`: the most decimals (default 2; money always 2). */
  decimals?: number | undefined;
}

export interface NumberCheck {
  /** The number typed, when it meets the rules; null otherwise (or when empty). */
  value: number | null;
  /** What is wrong with the text, for under the field; null when it is fine. */
  error: string | null;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const show = (kind: NumberKind, n: number) =>
  kind === 'money' ? formatEuro(n) : n.toLocaleString('en-GB', { maximumFractionDigits: 6 });

/** Checks the text of a number field against its rules; never changes the number typed. */
export function checkNumber(
  text: string,
  { kind, min, max, required = true, maxHint, decimals = 2 }: NumberRules,
): NumberCheck {
  const lowest = min ?? (kind === 'whole' ? 1 : 0);
  const typed = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (typed === '')
    return { value: null, error: required ? (kind === 'money' ? 'Enter an amount' : 'Enter a number') : null };
  if (!NUMBER.test(typed)) {
    return {
      value: null,
      error: kind === 'money' ? 'Enter an amount in euro, e.g. 50 or 49.99' : 'Enter a whole number',
    };
  }
  const n = Number(typed);
  if (typed.startsWith('-') && n !== 0) return { value: null, error: 'No minus sign: the number must not be negative' };
  if (kind === 'whole' && !Number.isInteger(n)) return { value: null, error: 'Enter a whole number, without decimals' };
  if (kind === 'money' && /\.\d{3,}$/.test(typed)) return { value: null, error: 'At most 2 decimals (cents)' };
  if (kind === 'decimal' && (typed.split('.')[1]?.length ?? 0) > decimals) {
    return { value: null, error: `At most ${decimals} decimals` };
  }
  if (n < lowest) return { value: null, error: `Must be at least ${show(kind, lowest)}` };
  if (max !== undefined && n > max) {
    return { value: null, error: `Must be at most ${show(kind, max)}${maxHint ? ` (${maxHint})` : ''}` };
  }
  // Money as cents and back: 0.1 + 0.2 never leaks into a request.
  return { value: kind === 'money' ? Math.round(n * 100) / 100 : n, error: null };
}

/** A number field's text with its check, for a page that holds the text itself. */
export function useNumberText(initial: string, rules: NumberRules) {
  const [text, setText] = useState(initial);
  return { text, setText, ...checkNumber(text, rules) };
}

/** The text a number shows as in a field (money with two decimals). */
export const numberText = (kind: NumberKind, n: number | null | undefined) =>
  n === null || n === undefined ? '' : kind === 'money' ? n.toFixed(2) : String(n);

export type NumberFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'type'> &
  NumberRules & {
    /** The text typed (not a number: what was typed stays as typed). */
    value: string;
    onChange: (text: string) => void;
    /** A message from elsewhere (the server's, the form's); the field's own check comes first. */
    error?: ReactNode;
  };

/**
 * `<NumberField kind="money" label="Refund amount" value={text} onChange={setText} max={…} />`: see the top of this
 * file. An empty required field says so once it has been left.
 */
export function NumberField({
  kind,
  min,
  max,
  required = true,
  maxHint,
  decimals,
  value,
  onChange,
  error,
  onBlur,
  readOnly,
  ...rest
}: NumberFieldProps) {
  const [left, setLeft] = useState(false);
  const own = readOnly ? null : checkNumber(value, { kind, min, max, required, maxHint, decimals }).error;
  const shown = value.trim() === '' && !left ? (error ?? null) : (own ?? error ?? null);
  const prefix = kind === 'money' && value !== '' ? '€' : '';
  return (
    <TextInput
      inputMode={kind === 'whole' ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      readOnly={readOnly}
      aria-invalid={shown ? true : undefined}
      {...rest}
      value={`${prefix}${value}`}
      onChange={(e) =>
        onChange(kind === 'money' ? e.currentTarget.value.replace(/^\s*€\s*/, '') : e.currentTarget.value)
      }
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      error={shown}
    />
  );
}
