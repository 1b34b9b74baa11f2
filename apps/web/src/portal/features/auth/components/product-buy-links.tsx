import { familyDisplayName, FAMILY_PLANS, LOGIN_PRODUCTS } from '@fleetdeck/contract';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { IconCalendarRepeat, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/portal/config/paths';
import { useProductName } from '@/shared/lib/app-config';

type LoginProduct = (typeof LOGIN_PRODUCTS)[number];

const isLoginProduct = (value: string): value is LoginProduct => (LOGIN_PRODUCTS as readonly string[]).includes(value);

/** Product selector with the yearly and one-time buy links (spec 1 §2, Login). */
export function ProductBuyLinks() {
  const product = useProductName();
  const [selected, setSelected] = useState<LoginProduct>('PD');
  const plans = FAMILY_PLANS[selected];
  const oneTime = plans.oneTime ?? `${plans.recurring}OT`;

  return (
    <Stack gap="sm">
      <NativeSelect
        label="Product"
        size="md"
        value={selected}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (isLoginProduct(value)) setSelected(value);
        }}
        data={LOGIN_PRODUCTS.map((code) => ({ value: code, label: familyDisplayName(code, product) }))}
      />
      {/* A Stack, not a one-column SimpleGrid: the same layout without a 1 KB chunk on the login page. */}
      <Stack gap="xs">
        <Button
          component={Link}
          to={paths.public.subscription.getHref(plans.recurring)}
          variant="light"
          leftSection={<IconCalendarRepeat size={18} stroke={1.6} />}
        >
          Yearly subscription
        </Button>
        <Button
          component={Link}
          to={paths.public.subscription.getHref(oneTime)}
          variant="default"
          leftSection={<IconShoppingCart size={18} stroke={1.6} />}
        >
          One-time (3 years)
        </Button>
      </Stack>
    </Stack>
  );
}
