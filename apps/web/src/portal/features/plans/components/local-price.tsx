import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { LocalPricing } from '@fleetdeck/contract';

/** An amount in the visitor's currency (en-GB, as spec 3 §9 formats money); the code itself if the browser lacks it. */
export function formatLocal(amount: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currencyCode }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currencyCode}`;
  }
}

/** The banner above the plans: which currency the local prices are in, the coupon, and that checkout is in euro. */
export function LocalPricingNote({ local }: { local: LocalPricing }) {
  return (
    <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} />} mb="lg" data-testid="local-pricing">
      <Text size="sm">
        Prices are also shown in your local currency ({local.currencyCode}), converted from euro for your information;
        you pay in euro.
        {local.couponCode ? (
          <>
            {' '}
            Use coupon{' '}
            <Text span fw={700} ff="monospace">
              {local.couponCode}
            </Text>{' '}
            at checkout for {local.discountPercentage}% off.
          </>
        ) : null}
      </Text>
    </Alert>
  );
}

/** A plan card's local price line: "≈ ₹3,120.50" and, with a coupon, the price after it. */
export function LocalPriceLine({ local, identifier }: { local: LocalPricing; identifier: string }) {
  const price = local.prices.find((p) => p.identifier === identifier);
  if (!price) return null;
  return (
    <Text size="sm" c="dimmed" data-testid={`local-price-${identifier}`}>
      ≈ {formatLocal(price.amount, local.currencyCode)}
      {local.couponCode ? (
        <>
          {' · '}
          <Text span fw={600} c="teal.8" inherit>
            {formatLocal(price.discountedAmount, local.currencyCode)} with {local.couponCode}
          </Text>
        </>
      ) : null}
    </Text>
  );
}
