import { Button, Card, Group, Loader, Select, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { currencyAddRequestSchema, type CurrencyRule } from '@fleetdeck/contract/staff';
import { NumberField } from '@/shared/components/number-field';
import { errorMessage } from '@/shared/lib/api-client';
import { countryOptions } from '@/shared/lib/countries';
import { closestFirstFilter } from '@/shared/lib/options-filter';
import { useContractForm } from '@/shared/lib/form';
import { notifyError } from '@/shared/lib/notify';
import { lookupCountry } from '../api/country-lookup';
import { useAddCurrency, useUpdateCurrency } from '../api/currency-rules';

const COUNTRY_OPTIONS = countryOptions();

/** "1 GBP = 100 Rs" (spec 3 §9): the rate label, with the rule's currency code. */
export const rateLabel = (rate: number | string | null | undefined, currencyCode: string) =>
  `1 GBP = ${rate === '' || rate === null || rate === undefined ? '…' : rate} ${currencyCode || 'Rs'}`;

/** The numbers as typed (DECISIONS §14): refused at the field when wrong, never clamped or cut. */
type Values = {
  countryCode: string;
  conversationRate: string;
  couponCode: string;
  discountPercentage: string;
  currencyCode: string;
};

const RATE_RULES = { kind: 'decimal', min: 0, decimals: 6 } as const;
const DISCOUNT_RULES = { kind: 'decimal', min: 0, max: 99, decimals: 2, required: false } as const;

const valuesOf = (rule: CurrencyRule | null): Values =>
  rule
    ? {
        countryCode: rule.countryCode,
        conversationRate: String(rule.conversationRate),
        couponCode: rule.couponCode,
        discountPercentage: String(rule.discountPercentage),
        currencyCode: rule.currencyCode,
      }
    : { countryCode: '', conversationRate: '', couponCode: '', discountPercentage: '0', currencyCode: '' };

/**
 * The Multi Currency form (spec 3 "Pricing list", §4 "Currency form"): add mode, or update mode while `editing` is
 * set; an update clears the edit state (`onDone`). Choosing a country prefills the currency code and rate from
 * `price/country/lookup`.
 */
export function CurrencyForm({ editing, onDone }: { editing: CurrencyRule | null; onDone: () => void }) {
  const form = useContractForm(currencyAddRequestSchema, valuesOf(editing), {
    labels: {
      countryCode: 'Country',
      conversationRate: 'Rate',
      couponCode: 'Coupon Code',
      discountPercentage: 'Discount %',
      currencyCode: 'Currency Code',
    },
  });
  const [looking, setLooking] = useState(false);
  const add = useAddCurrency({
    onSuccess: () => form.setValues(valuesOf(null)),
    onError: (e) => form.setServerErrors(e),
  });
  const update = useUpdateCurrency({ onSuccess: () => onDone(), onError: (e) => form.setServerErrors(e) });
  const busy = add.isPending || update.isPending;

  const chooseCountry = async (code: string | null) => {
    form.setFieldValue('countryCode', code ?? '');
    if (!code) return;
    setLooking(true);
    try {
      const found = await lookupCountry(code);
      form.setFieldValue('currencyCode', found.currencyCode);
      if (found.conversationRate !== null) form.setFieldValue('conversationRate', String(found.conversationRate));
      form.clearFieldError('currencyCode');
      form.clearFieldError('conversationRate');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setLooking(false);
    }
  };

  const values = form.getValues();
  return (
    <Card withBorder radius="md" padding="md">
      <form
        noValidate
        aria-label={editing ? `Update the currency of ${editing.countryCode}` : 'Add a currency'}
        onSubmit={form.submit(
          (body) => (editing ? update.mutate({ ...body, id: editing._id }) : add.mutate(body)),
          busy,
        )}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Country"
            required
            searchable
            placeholder="Choose a country"
            data={COUNTRY_OPTIONS}
            nothingFoundMessage="No country"
            // Typing highlights the closest match (exact name, then starts-with), which Enter picks (issue 24).
            filter={closestFirstFilter}
            selectFirstOptionOnChange
            w={{ base: '100%', sm: 240 }}
            {...form.getInputProps('countryCode')}
            value={values.countryCode || null}
            onChange={(code) => void chooseCountry(code)}
          />
          <NumberField
            label="Rate"
            withAsterisk
            size="md"
            {...RATE_RULES}
            placeholder="100"
            w={{ base: '100%', xs: 230 }}
            leftSection={<Text size="sm">1 GBP =</Text>}
            leftSectionWidth={70}
            rightSection={
              looking ? (
                <Loader size="xs" role="status" aria-label="Looking up the rate" />
              ) : (
                <Text size="sm" c="dimmed">
                  {values.currencyCode || 'Rs'}
                </Text>
              )
            }
            rightSectionWidth={50}
            {...form.getInputProps('conversationRate')}
            value={values.conversationRate}
          />
          <TextInput
            label="Coupon Code"
            maxLength={40}
            w={{ base: '100%', xs: 150 }}
            {...form.getInputProps('couponCode')}
          />
          <NumberField
            label="Discount %"
            size="md"
            {...DISCOUNT_RULES}
            w={{ base: '100%', xs: 110 }}
            {...form.getInputProps('discountPercentage')}
            value={values.discountPercentage}
          />
          <TextInput
            label="Currency Code"
            required
            maxLength={3}
            w={{ base: '100%', xs: 130 }}
            {...form.getInputProps('currencyCode')}
            onChange={(e) => form.setFieldValue('currencyCode', e.currentTarget.value.toUpperCase())}
          />
          <Group gap="xs" mt={{ base: 0, xs: 25 }}>
            <Button
              type="submit"
              loading={busy}
              leftSection={editing ? <IconCheck size={16} /> : <IconPlus size={16} />}
            >
              {editing ? 'Update' : 'Add'}
            </Button>
            {editing ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Visitors from the country see the prices in its currency on the public pricing page, with the coupon; they
          still pay in euro, entering the coupon at checkout.
        </Text>
      </form>
    </Card>
  );
}
