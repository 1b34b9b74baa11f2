import { MAX_QTY, MIN_QTY, PCHAT_MIN_QTY_MESSAGE } from '@fleetdeck/contract';
import { NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { notifyError } from '@/lib/notify';
import { QTY_HINT } from './plan-helpers';

export type Qty = number | '';

/**
 * The checkout form (`@mantine/form`): the quantity, with the spec's minimum ("Please purchase minimum 2 license for
 * 2 users."), and the coupon code typed (make-payment). `n` is the number to charge (0 while empty).
 */
export function useCheckoutForm(min: number, initial: Qty = min) {
  const form = useForm<{ qty: Qty; couponCode: string }>({
    mode: 'controlled',
    initialValues: { qty: initial, couponCode: '' },
    // The minimum's message stays until the quantity reaches it.
    clearInputErrorOnChange: false,
    validate: {
      qty: (qty) => (qty !== '' && qty >= min ? null : min > 1 ? PCHAT_MIN_QTY_MESSAGE : `Enter at least ${min}.`),
    },
  });
  const { qty } = form.values;

  const onChange = (value: Qty) => {
    form.setFieldValue('qty', value);
    if (value !== '' && value >= min) form.clearFieldError('qty');
  };

  /** The form's onSubmit: below the minimum the message shows inline and as a toast, and `onValid` does not run. */
  const submit = (onValid: () => void) =>
    form.onSubmit(onValid, (errors) => {
      if (errors.qty) notifyError(String(errors.qty));
    });

  return { form, qty, n: qty === '' ? 0 : qty, error: form.errors.qty, onChange, submit };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;

/**
 * Quantity of devices (or chat users): whole numbers; 0 (or nothing) becomes 1 on leaving the field (spec 1 §5).
 * While typing, the field shows what was typed (turning a typed 0 into 1 at once left the field saying 0 while the
 * total counted 1).
 */
export function QuantityInput({
  label,
  value,
  onChange,
  error,
  disabled,
  hint = QTY_HINT,
}: {
  label: string;
  value: Qty;
  onChange: (value: Qty) => void;
  error?: ReactNode;
  disabled?: boolean;
  /** The line under the field (spec 1 §2's, by default). */
  hint?: string;
}) {
  return (
    <NumberInput
      label={label}
      description={hint}
      name="qty"
      value={value}
      min={0}
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
        onChange(Math.max(0, Math.min(Math.trunc(n), MAX_QTY)));
      }}
      onBlur={() => {
        if (value === '' || value < MIN_QTY) onChange(MIN_QTY);
      }}
    />
  );
}
