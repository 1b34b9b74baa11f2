import { Badge, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BULK_ACTION_TOUCHES, useBulkAction } from '@/portal/api/bulk-actions';
import { stackedTableClasses } from '@/shared/components/data-table';
import { QueryError } from '@/shared/components/query-view';
import { TableScroll } from '@/shared/components/table-scroll';

const ACTION_NAMES = { 'move-to-group': 'Move to group', logout: 'Log out' } as const;
const RESULT_COLOURS = { pending: 'gray', done: 'green', failed: 'red' } as const;
const RESULT_LABELS = { pending: 'Pending', done: 'Done', failed: 'Failed' } as const;

/**
 * A bulk action's progress (`GET bulk-actions/:id`, asked every second until it is done), then its per-device results.
 * The device lists and groups are read again once it finishes.
 */
export function BulkActionProgress({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const query = useBulkAction(id);
  const action = query.data?.data;
  const finished = action?.state === 'completed' || action?.state === 'failed';
  useEffect(() => {
    if (finished) for (const queryKey of BULK_ACTION_TOUCHES) void queryClient.invalidateQueries({ queryKey });
  }, [finished, queryClient]);

  if (query.isError) return <QueryError title="The progress could not load" query={query} />;
  if (!action) return <Progress value={0} animated aria-label="Bulk action progress" />;
  const processed = action.done + action.failed;
  const percent = action.total === 0 ? 100 : Math.round((processed / action.total) * 100);
  return (
    <Card withBorder padding="md" radius="md" aria-label="Bulk action">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {ACTION_NAMES[action.action]}
          </Text>
          <Badge color={finished ? (action.failed > 0 ? 'orange' : 'green') : 'blue'} variant="light">
            {finished ? (action.state === 'failed' ? 'Failed' : 'Done') : 'Running'}
          </Badge>
        </Group>
        <Progress
          value={percent}
          animated={!finished}
          color={action.failed > 0 ? 'orange' : 'brand'}
          aria-label="Bulk action progress"
          aria-valuetext={`${processed} of ${action.total} devices`}
        />
        <Text size="sm" c="dimmed">
          {`${processed} of ${action.total} devices processed: ${action.done} done, ${action.failed} failed`}
        </Text>
        {finished && action.results.length > 0 ? (
          <TableScroll label="Results per device" minWidth={320} className={stackedTableClasses.scroll}>
            <Table className={stackedTableClasses.table} aria-label="Results per device" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Serial Number</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {action.results.map((r) => (
                  <Table.Tr key={r.profileId}>
                    <Table.Td data-label="Serial Number">{r.serialNumber}</Table.Td>
                    <Table.Td data-label="Result">
                      <Badge color={RESULT_COLOURS[r.state]} variant="light">
                        {RESULT_LABELS[r.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td data-label="Message">{r.message ?? '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        ) : null}
        {finished && action.pagination.total > action.results.length ? (
          <Text
            size="xs"
            c="dimmed"
          >{`The first ${action.results.length} of ${action.pagination.total} results.`}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}
