import { RESELLER_BUYER_DISCOUNT_PERCENT, RESELLER_TIERS } from '@fleetdeck/contract';
import { Badge, Card, Group, Table, Text, ThemeIcon } from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';

const TIER_COLORS: Record<(typeof RESELLER_TIERS)[number]['name'], string> = {
  Silver: 'gray',
  Gold: 'yellow',
  Platinum: 'cyan',
  Premium: 'grape',
};

/** "10 - 100", "1001 and up". */
export const referralRange = (tier: { from: number; to: number | null }): string =>
  tier.to === null ? `${tier.from} and up` : `${tier.from} - ${tier.to}`;

/** The reseller tiers of spec 1 §9 and the buyer discount. */
export function ResellerTiers() {
  return (
    <Card padding="lg" component="section" aria-label="Reseller tiers">
      <Text fw={700}>Tiers and earnings</Text>
      <Text size="sm" c="dimmed" mb="md">
        Your tier follows the number of licences bought with your coupon code.
      </Text>
      {/* Three short columns fit a phone: no scroll container (an overflowing one by a pixel was a scroll region no
          keyboard could reach, axe scrollable-region-focusable at 390 px). */}
      <Table verticalSpacing="sm" aria-label="Reseller tiers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Referrals</Table.Th>
            <Table.Th ta="right">You earn</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RESELLER_TIERS.map((tier) => (
            <Table.Tr key={tier.name}>
              <Table.Td>
                {/* The label never shortens to "PLATIN…": its full width is the column's least (a phone). */}
                <Badge
                  variant="light"
                  color={TIER_COLORS[tier.name]}
                  size="lg"
                  radius="sm"
                  styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                >
                  {tier.name}
                </Badge>
              </Table.Td>
              <Table.Td>{referralRange(tier)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {`${tier.earnPercent}%`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="sm" mt="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="teal" radius="xl">
          <IconDiscount2 size={16} />
        </ThemeIcon>
        <Text size="sm">
          {`Buyers who use a reseller coupon code get a ${RESELLER_BUYER_DISCOUNT_PERCENT}% discount on their purchase.`}
        </Text>
      </Group>
    </Card>
  );
}
