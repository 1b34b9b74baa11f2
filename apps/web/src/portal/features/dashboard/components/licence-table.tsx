import { FAMILIES, familyDisplayName, type FamilyLicence } from '@fleetdeck/contract';
import { Badge, Card, Table, Text } from '@mantine/core';
import { useProductName } from '@/shared/lib/app-config';

const order = (l: FamilyLicence) => FAMILIES.indexOf(l.family);

/** A family's seats at a glance: exceeded, how many are free, or a dash when none were bought. */
function LicenceStatus({ licence }: { licence: FamilyLicence }) {
  if (licence.exceeded) {
    return (
      <Badge color="red" variant="light">
        Exceeded
      </Badge>
    );
  }
  if (licence.purchased <= 0) {
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  }
  return (
    <Badge color="teal" variant="light">
      {`${licence.purchased - licence.used} free`}
    </Badge>
  );
}

/** Seats per app: purchased, used, expired; a family using more than it bought is flagged. */
export function LicenceTable({ licences }: { licences: FamilyLicence[] }) {
  const product = useProductName();
  const rows = [...licences].sort((a, b) => order(a) - order(b));
  return (
    <Card padding="lg" component="section" aria-label="Licences per application">
      <Text fw={700}>Licences per application</Text>
      <Text size="sm" c="dimmed" mb="md">
        Seats bought and in use for each app. Power Chat is licensed per chat user.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No licences yet.
        </Text>
      ) : (
        // Five columns can be wider than a phone: the region scrolls and, for the keyboard, takes focus.
        <Table.ScrollContainer
          minWidth={0}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Licences per application"
        >
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Application</Table.Th>
                <Table.Th ta="right">Purchased</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
                <Table.Th ta="right">Expired</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.family} data-testid={`licence-row-${l.family}`}>
                  <Table.Td fw={600}>{familyDisplayName(l.family, product)}</Table.Td>
                  <Table.Td ta="right">{l.purchased}</Table.Td>
                  <Table.Td ta="right">{l.used}</Table.Td>
                  <Table.Td ta="right">{l.expired}</Table.Td>
                  <Table.Td>
                    <LicenceStatus licence={l} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
