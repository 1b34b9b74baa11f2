import { Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useImperativeHandle, useState, type ChangeEvent, type Ref } from 'react';
import { confirmSandboxPayment, createSandboxPaymentMethod } from '@/portal/api/sandbox-payments';
import { errorMessage } from '@/shared/lib/api-client';
import { PaymentBrandIcon } from './card-brand-icon';
import {
  BRAND_LABELS,
  detectBrand,
  emptyCard,
  formatCardNumber,
  formatExpiry,
  toSandboxCard,
  validateCard,
  type CardErrors,
  type CardValues,
} from './card-utils';
import { CardPaymentError, type CardEntryHandle } from './types';

/** What the browser's autofill knows each card field by. */
const AUTOFILL: Record<keyof CardValues, { name: string; autoComplete: string }> = {
  number: { name: 'cardnumber', autoComplete: 'cc-number' },
  expiry: { name: 'exp-date', autoComplete: 'cc-exp' },
  cvc: { name: 'cvc', autoComplete: 'cc-csc' },
};

/** Card number (spaced as typed, brand icon), MM / YY and CVC, confirmed against the sandbox provider. */
export function SandboxCardForm({ ref, disabled }: { ref?: Ref<CardEntryHandle>; disabled?: boolean }) {
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [errors, setErrors] = useState<CardErrors>({});
  const brand = detectBrand(values.number);

  const set = (field: keyof CardValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** A card field's autofill name, value, error and disabled state: digits, what is typed going through `format`. */
  const bind = (field: keyof CardValues, format: (typed: string) => string) => ({
    ...AUTOFILL[field],
    inputMode: 'numeric' as const,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, format(e.currentTarget.value)),
    error: errors[field],
    disabled,
  });

  const check = (): boolean => {
    const found = validateCard(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  useImperativeHandle(
    ref,
    () => ({
      validate: check,
      confirmPayment: async (clientSecret) => {
        try {
          const answer = await confirmSandboxPayment({ clientSecret, ...toSandboxCard(values) });
          return answer.status;
        } catch (error) {
          throw new CardPaymentError(errorMessage(error));
        }
      },
      createPaymentMethod: async () => {
        try {
          return (await createSandboxPaymentMethod(toSandboxCard(values))).id;
        } catch (error) {
          throw new CardPaymentError(errorMessage(error));
        }
      },
      clear: () => {
        setValues(emptyCard());
        setErrors({});
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values],
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        {...bind('number', formatCardNumber)}
        rightSection={
          <Group gap={0} role="img" aria-label={BRAND_LABELS[brand]} title={BRAND_LABELS[brand]} data-brand={brand}>
            <PaymentBrandIcon brand={brand} size={22} />
          </Group>
        }
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="Expiry (MM / YY)" placeholder="MM / YY" {...bind('expiry', formatExpiry)} />
        <TextInput
          label="CVC"
          placeholder={brand === 'amex' ? '1234' : '123'}
          {...bind('cvc', (typed) => typed.replace(/\D/g, '').slice(0, 4))}
        />
      </SimpleGrid>
    </Stack>
  );
}
