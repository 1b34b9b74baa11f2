import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffCustomerMember } from '@fleetdeck/contract/staff';
import { stackedTableClasses } from '@/shared/components/data-table';
import { formatStaffDateTime } from '../../../lib/format';
import { TableScroll } from '@/shared/components/table-scroll';

const groupsOf = (m: StaffCustomerMember) =>
  m.groupCount === null ? 'All groups' : `${m.groupCount} group${m.groupCount === 1 ? '' : 's'}`;

const invitesText = (n: number) => (n === 1 ? '1 pending invite' : `${n} pending invites`);

/**
 * The people of a customer's account (DECISIONS §12) on the customer's page: name, email, role, the groups they are
 * limited to, last sign-in, and how many invitations wait for an answer. A phone shows each member as a card of
 * labelled lines.
 */
export function MembersCard({ members, pendingInvites }: { members: StaffCustomerMember[]; pendingInvites: number }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            Members
          </Title>
          <Text size="sm" c="dimmed">
            {invitesText(pendingInvites)}
          </Text>
        </Group>
        <TableScroll label="Members of this customer" minWidth={720} className={stackedTableClasses.scroll}>
          <Table aria-label="Members of this customer" verticalSpacing="xs" className={stackedTableClasses.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Groups</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={m._id}>
                  <Table.Td data-label="Name">
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {m.name || '-'}
                      </Text>
                      {m.registrant ? (
                        <Badge size="xs" variant="light">
                          Registrant
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label="Email">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Role">
                    <Text size="sm">{m.role}</Text>
                  </Table.Td>
                  <Table.Td data-label="Groups">
                    <Text size="sm">{groupsOf(m)}</Text>
                  </Table.Td>
                  <Table.Td data-label="Last sign-in">
                    <Text size="sm">{m.lastSignInAt ? formatStaffDateTime(m.lastSignInAt) : 'Never'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Card>
  );
}
