import { MAX_QTY, MIN_QTY } from '@fleetdeck/contract';
import { NumberInput } from '@mantine/core';
import { QTY_HINT } from './plan-helpers';

export type Qty = number | '';

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
