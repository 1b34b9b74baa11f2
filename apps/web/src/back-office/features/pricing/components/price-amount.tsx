import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { PriceUpdateRequest, StaffPrice } from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { formatEuro } from '@/shared/lib/format';
import { usePriceSubscribers } from '../api/price-subscribers';

/**
 * The amount of a price on pricing edit (DECISIONS §14 "Price amounts"): typed as text so nothing typed is changed
 * (a minus sign, a third decimal or 0 shows the contract's message at the field and is not sent), and a change is
 * confirmed first, naming it: "€29.99 → €34.99 for new purchases; 120 subscribers are emailed".
 */

/** The field's initial text: the amount with its two decimals. */
export const amountText = (price: StaffPrice) => price.amount.toFixed(2);

/** The form's request: `amount` only when the text was changed (an untouched price sends no amount). */
export const withAmountIfChanged =
  (price: StaffPrice) =>
  ({ amount, ...rest }: Omit<PriceUpdateRequest, 'amount'> & { amount: string }): PriceUpdateRequest =>
    amount.trim() === amountText(price) ? rest : { ...rest, amount: amount.trim() };

export function PriceAmountField(props: TextInputProps) {
  return (
    <TextInput
      label="Amount (EUR)"
      inputMode="decimal"
      autoComplete="off"
      description="New purchases pay it at once; subscriptions at their next renewal."
      leftSection="€"
      {...props}
    />
  );
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** What the confirmation says; null when the amount does not change. */
export function amountChangeMessage(price: StaffPrice, amount: string | number, subscribers: number | null) {
  if (cents(amount) === cents(price.amount)) return null;
  const change = `${formatEuro(price.amount)} → ${formatEuro(Number(amount))} for new purchases`;
  if (price.type !== 'recurring') return `${change}.`;
  if (subscribers === 0) return `${change}; it has no subscribers to email.`;
  const count = subscribers === null ? 'its' : subscribers.toLocaleString('en');
  if (cents(amount) > cents(price.amount)) {
    const who = subscribers === 1 ? 'subscriber is emailed and pays' : 'subscribers are emailed and pay';
    return `${change}; ${count} ${who} it from their next renewal.`;
  }
  return `${change}; ${count} ${subscribers === 1 ? 'subscription renews' : 'subscriptions renew'} at it (nobody is emailed).`;
}

/**
 * Wraps the price form's send: a request whose amount differs asks first. Answers the `send` to use and the dialog to
 * render.
 */
export function useAmountConfirmation(price: StaffPrice, send: (request: PriceUpdateRequest) => void, busy: boolean) {
  const subscribers = usePriceSubscribers(price.type === 'recurring' ? price._id : '');
  const [pending, setPending] = useState<PriceUpdateRequest | null>(null);
  const count = subscribers.data?.data.subscribers ?? null;
  const message = pending?.amount !== undefined ? amountChangeMessage(price, pending.amount, count) : null;
  const guarded = (request: PriceUpdateRequest) => {
    if (request.amount !== undefined && amountChangeMessage(price, request.amount, count)) setPending(request);
    else send(request);
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={`Change the price of ${price.name}?`}
      message={message}
      confirmLabel="Change price"
      loading={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (pending) send(pending);
        setPending(null);
      }}
    />
  );
  return { send: guarded, dialog };
}
