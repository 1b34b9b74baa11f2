import { MAX_QTY, MIN_QTY, PCHAT_MIN_QTY_MESSAGE } from '@fleetdeck/contract';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { notifyError } from '@/shared/lib/notify';
import { QTY_HINT } from './plan-helpers';

/** The quantity as typed (DECISIONS §14: "-5" stays "-5" with its message, it never buys 5). */
export type Qty = string;

/** Whole numbers up to the contract's maximum; 0 is let through while typing (it becomes 1 on leaving the field). */
const QTY_RULES = { kind: 'whole', min: 0, max: MAX_QTY } as const;

/**
 * The checkout form (`@mantine/form`): the quantity, with the spec's minimum ("Please purchase minimum 2 licences for
 * 2 users."), and the coupon code typed (make-payment). `n` is the number to charge (0 while empty or refused).
 */
export function useCheckoutForm(min: number, initial: number = min) {
  const minimum = min > 1 ? PCHAT_MIN_QTY_MESSAGE : `Enter at least ${min}.`;
  const problem = (qty: Qty) => {
    const checked = checkNumber(qty, QTY_RULES);
    if (checked.error) return checked.error;
    return checked.value !== null && checked.value >= min ? null : minimum;
  };
  const form = useForm<{ qty: Qty; couponCode: string }>({
    mode: 'controlled',
    initialValues: { qty: String(initial), couponCode: '' },
    // The minimum's message stays until the quantity reaches it.
    clearInputErrorOnChange: false,
    validate: { qty: problem },
  });
  const { qty } = form.values;

  const onChange = (value: Qty) => {
    form.setFieldValue('qty', value);
    if (problem(value) === null) form.clearFieldError('qty');
  };

  /** The form's onSubmit: below the minimum the message shows inline and as a toast, and `onValid` does not run. */
  const submit = (onValid: () => void) =>
    form.onSubmit(onValid, (errors) => {
      if (errors.qty) notifyError(String(errors.qty));
    });

  return { form, qty, n: checkNumber(qty, QTY_RULES).value ?? 0, error: form.errors.qty, onChange, submit };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;

/**
 * Quantity of devices (or chat users): whole numbers; 0 (or nothing) becomes 1 on leaving the field (spec 1 §5),
 * visibly. A minus sign, a fraction or more than the maximum is shown with its message and never changed.
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
    <NumberField
      label={label}
      description={hint}
      name="qty"
      {...QTY_RULES}
      required={false}
      value={value}
      error={error}
      disabled={disabled}
      onChange={onChange}
      onBlur={() => {
        if (value.trim() === '' || checkNumber(value, QTY_RULES).value === 0) onChange(String(MIN_QTY));
      }}
    />
  );
}
