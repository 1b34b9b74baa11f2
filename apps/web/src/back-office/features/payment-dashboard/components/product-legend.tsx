import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ProductCounts } from '@fleetdeck/contract/staff';

export interface Product {
  key: keyof ProductCounts;
  name: string;
  color: string;
  /** Shown in the legend only when it has payments (not one of the spec's six products). */
  optional?: boolean;
}

/** The six products of spec 3's pie, then the two families the old pie left out (shown when they have payments). */
export const productsOf = (productName: string): Product[] => [
  { key: 'pdSubscriptions', name: productName, color: 'blue.6' },
  { key: 'pcSubscriptions', name: 'Power Cleaner', color: 'teal.6' },
  { key: 'ubSubscriptions', name: 'URL Blocker', color: 'orange.6' },
  { key: 'kmSubscriptions', name: 'Key Mapper', color: 'grape.6' },
  { key: 'pobSubscriptions', name: 'Power On Boot', color: 'yellow.6' },
  { key: 'pChatSubscriptions', name: 'Power Chat', color: 'cyan.6' },
  { key: 'pdowSubscriptions', name: `${productName} Owner App`, color: 'indigo.6', optional: true },
  { key: 'slSubscriptions', name: 'Super Lock', color: 'red.6', optional: true },
];

/** The pie's legend with each product's count (spec 3: "legend counts for the six products"). */
export function ProductLegend({ products, counts }: { products: Product[]; counts: ProductCounts }) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {products
        .filter((p) => !p.optional || counts[p.key] > 0)
        .map((p) => (
          <Group key={p.key} component="li" gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${p.color.replace('.', '-')})`} size={12} />
              <Text size="sm">{p.name}</Text>
            </Group>
            <Text size="sm" fw={700} ta="right">
              {counts[p.key].toLocaleString('en-GB')}
            </Text>
          </Group>
        ))}
    </Stack>
  );
}
