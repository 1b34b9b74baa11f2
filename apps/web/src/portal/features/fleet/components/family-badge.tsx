import { familyDisplayName, type Family } from '@fleetdeck/contract';
import { Badge } from '@mantine/core';
import { useProductName } from '@/shared/lib/app-config';

/** A family by its name for people ("Super Lock"). */
export function FamilyBadge({ family }: { family: Family }) {
  const productName = useProductName();
  return (
    <Badge variant="light" style={{ textTransform: 'none' }}>
      {familyDisplayName(family, productName)}
    </Badge>
  );
}
