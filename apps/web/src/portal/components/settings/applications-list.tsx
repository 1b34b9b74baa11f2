import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  type ProductType,
  type ProfileApplication,
  type ProfileApplicationUpdateRequest,
} from '@fleetdeck/contract';
import { Button, Group, NativeSelect, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteDialog } from '@/shared/components/confirm-dialog';
import { QueryError } from '@/shared/components/query-view';
import { formatDate } from '@/shared/lib/format';
import { DeleteAction } from '@/shared/components/delete-action';
import { AddApplicationModal } from './add-application-modal';
import { AppIcon } from './app-icon';
import { useTargetSave, type ApplicationsAnswer, type SettingsTarget } from './target';
import { Allowed, usePermission } from '@/portal/lib/permissions';
import { TableScroll } from '@/shared/components/table-scroll';

export const DELETE_APPLICATION_TEXT = 'Application will be removed from this list';

/** Key of the status selects' calls: the list reads which entries are in flight. */
export const APPLICATION_STATUS_KEY = ['settings', 'application-status'] as const;

export interface ApplicationsListProps {
  target: SettingsTarget;
  /** Absent: Power Cleaner's list; 'Super Lock': Cleaner Apps; 'Kiosk': the Multi App kiosk list. */
  productType?: ProductType;
  title: string;
  description: string;
  emptyMessage?: string;
}

/** An uninstall/clear list (or the kiosk list): add from the Play Store, change the status, delete. */
export function ApplicationsList({
  target,
  productType,
  title,
  description,
  emptyMessage = 'No applications in this list yet.',
}: ApplicationsListProps) {
  const profileId = target.id;
  const queryClient = useQueryClient();
  const listQuery = target.applications(productType);
  const list = useQuery(listQuery);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ProfileApplication | null>(null);
  const canChange = usePermission('fleet.write');
  const update = useMutation({
    mutationKey: APPLICATION_STATUS_KEY,
    mutationFn: (request: ProfileApplicationUpdateRequest) => target.save({ op: 'updateApplication', request }),
    onMutate: async ({ appPackageName, status }) => {
      // The select shows the new status at once; the list read again after the call confirms (or reverts) it.
      await queryClient.cancelQueries({ queryKey: listQuery.queryKey });
      queryClient.setQueryData<ApplicationsAnswer>(listQuery.queryKey, (old) =>
        old ? { ...old, data: old.data.map((a) => (a.appPackageName === appPackageName ? { ...a, status } : a)) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listQuery.queryKey }),
  });
  const busyPackages = useMutationState({
    filters: { mutationKey: APPLICATION_STATUS_KEY, status: 'pending' },
    select: (m) => (m.state.variables as ProfileApplicationUpdateRequest | undefined)?.appPackageName,
  });
  const remove = useTargetSave(target, 'deleteApplication');

  let content;
  if (list.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    content = <QueryError title="The list could not load" query={list} />;
  } else if (list.data.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="xl" size="sm">
        {emptyMessage}
      </Text>
    );
  } else {
    content = (
      <TableScroll label={title} minWidth={620}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Application</Table.Th>
              <Table.Th w={180}>Status</Table.Th>
              <Table.Th w={130}>Added On</Table.Th>
              <Table.Th w={60} aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((entry) => {
              const name = entry.appDetails.title || entry.appPackageName;
              return (
                <Table.Tr key={entry._id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <AppIcon src={entry.appIcon || entry.appDetails.icon} name={name} />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} lineClamp={1}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {entry.appPackageName}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Status of ${name}`}
                      size="xs"
                      value={entry.status}
                      data={[...APPLICATION_ACTIONS]}
                      disabled={!canChange || busyPackages.includes(entry.appPackageName)}
                      onChange={(e) =>
                        update.mutate({
                          profileId,
                          appPackageName: entry.appPackageName,
                          status: e.currentTarget.value as ApplicationAction,
                          ...(productType ? { productType } : {}),
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(entry.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Allowed to="fleet.write">
                      <DeleteAction label={`Delete ${name}`} onClick={() => setDeleting(entry)} />
                    </Allowed>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 240px' }}>
          <Text fw={700}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <Allowed to="fleet.write">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Application
          </Button>
        </Allowed>
      </Group>
      {content}
      <AddApplicationModal
        opened={adding}
        onClose={() => setAdding(false)}
        target={target}
        productType={productType}
        title="Add application"
      />
      <DeleteDialog
        item={deleting}
        message={DELETE_APPLICATION_TEXT}
        loading={remove.isPending}
        onConfirm={(entry) => {
          if (!remove.isPending) {
            remove.mutate({ profileId, id: entry._id }, { onSuccess: () => setDeleting(null) });
          }
        }}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
