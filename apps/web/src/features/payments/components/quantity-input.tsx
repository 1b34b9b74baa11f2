import { MAX_QTY, MIN_QTY, PCHAT_MIN_QTY_MESSAGE } from '@fleetdeck/contract';
import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '@/lib/notify';
import { QTY_HINT } from './plan-helpers';

export type Qty = number | '';

/** The quantity field's state: `n` is the number to charge (0 while empty), `check` enforces the minimum. */
export function useQuantity(min: number, initial: Qty = min) {
  const [qty, setQty] = useState<Qty>(initial);
  const [error, setError] = useState<string | null>(null);
  const n = qty === '' ? 0 : qty;

  const onChange = (value: Qty) => {
    setQty(value);
    if (value !== '' && value >= min) setError(null);
  };

  /** False, with the message inline and as a toast, when the quantity is below the minimum. */
  const check = (): boolean => {
    if (n >= min) return true;
    const message = min > 1 ? PCHAT_MIN_QTY_MESSAGE : `Enter at least ${min}.`;
    setError(message);
    notifyError(message);
    return false;
  };

  return { qty, n, error, onChange, check };
}

export type QuantityState = ReturnType<typeof useQuantity>;

/** Quantity of devices (or chat users): whole numbers, 0 becomes 1 (spec 1 §5). */
export function QuantityInput({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: Qty;
  onChange: (value: Qty) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <NumberInput
      label={label}
      description={QTY_HINT}
      name="qty"
      value={value}
      min={MIN_QTY}
      max={MAX_QTY}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      inputMode="numeric"
      error={error}
      disabled={disabled}
      onChange={(v) => {
        if (v === '' || v === undefined) return onChange('');
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n)) return onChange('');
        onChange(n < MIN_QTY ? MIN_QTY : Math.min(Math.trunc(n), MAX_QTY));
      }}
      onBlur={() => {
        if (value === '') onChange(MIN_QTY);
      }}
    />
  );
}
