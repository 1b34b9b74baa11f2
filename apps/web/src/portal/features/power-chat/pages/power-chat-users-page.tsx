import { chatUserListQuerySchema, type ChatUser } from '@fleetdeck/contract';
import { dateColumn } from '@/shared/components/columns';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconQrcode, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDownloadSdk } from '@/portal/api/download-sdk';
import { useLicenceSummary } from '@/portal/api/licence-summary';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { paths } from '@/portal/config/paths';

import { useListSearch } from '@/shared/lib/list-search';
import { useDeleteChatUser } from '../api/delete-chat-user';
import { useChatUsers } from '../api/get-chat-users';
import { useSyncChatUsers } from '../api/sync-chat-users';
import { ChatUserQrDialog } from '../components/chat-user-qr-dialog';
import { DeleteAction } from '@/shared/components/delete-action';
import { Allowed } from '@/portal/lib/permissions';

/** "2 of 5 licences in use", from the licence summary the shell already loads. */
function SeatsInUse() {
  const summary = useLicenceSummary();
  const pchat = summary.data?.data.find((l) => l.family === 'PCHAT');
  if (!pchat) return null;
  return (
    <Text size="sm" c={pchat.exceeded ? 'red' : 'dimmed'}>
      {`${pchat.used} of ${pchat.purchased} Power Chat licences in use`}
    </Text>
  );
}

export function PowerChatUsersPage() {
  const list = useListSearch(chatUserListQuerySchema);
  const users = useChatUsers(list.query);
  const sdk = useDownloadSdk();
  const apkLink = sdk.data?.powerChatPriceDetail.apkLink ?? '';
  const sync = useSyncChatUsers();
  const [qrUser, setQrUser] = useState<ChatUser | null>(null);
  const [deleting, setDeleting] = useState<ChatUser | null>(null);
  // ListPage shows the page before when the last row of a page is deleted.
  const remove = useDeleteChatUser({ onSuccess: () => setDeleting(null) });

  const columns: DataTableColumn<ChatUser>[] = [
    {
      key: 'name',
      header: 'Name',
      width: 180,
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.fcmData.name}
        </Text>
      ),
    },
    { key: 'user_id', header: 'User ID', width: 180, render: (row) => <Text size="sm">{row.fcmData.user_id}</Text> },
    {
      key: 'global',
      header: 'Global Pull',
      width: 110,
      render: (row) => <Text size="sm">{row.addToGlobalPull ? 'Yes' : 'No'}</Text>,
    },
    {
      key: 'licence',
      header: 'Licence',
      width: 110,
      render: (row) =>
        row.isTrialUser ? (
          <Tooltip label="No purchased licence covers this user" withArrow>
            <Badge color="orange">Trial</Badge>
          </Tooltip>
        ) : (
          <Badge color="green">Licensed</Badge>
        ),
    },
    dateColumn('created_at', 'Created On', 160),
    {
      key: 'actions',
      header: 'Action',
      width: 110,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="QR code" withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`QR code of ${row.fcmData.user_id}`}
              onClick={() => setQrUser(row)}
            >
              <IconQrcode size={18} />
            </ActionIcon>
          </Tooltip>
          <Allowed to="fleet.write">
            <DeleteAction label={`Delete ${row.fcmData.user_id}`} onClick={() => setDeleting(row)} />
          </Allowed>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      label="Power Chat users"
      search={list}
      result={users}
      columns={columns}
      errorTitle="The Power Chat users could not load"
      header={
        <Group justify="space-between" gap="sm">
          <SeatsInUse />
          <Group gap="sm">
            {apkLink ? (
              <Button
                component="a"
                href={apkLink}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<IconDownload size={16} />}
              >
                Download APK
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconDownload size={16} />} disabled title="Not published yet">
                Download APK
              </Button>
            )}
            <Allowed to="fleet.write">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={sync.isPending}
                onClick={() => sync.mutate()}
              >
                Sync
              </Button>
            </Allowed>
            <Allowed to="fleet.write">
              <Button
                component={Link}
                to={paths.portal.powerChatUserCreate.getHref()}
                leftSection={<IconUserPlus size={16} />}
              >
                Create User
              </Button>
            </Allowed>
          </Group>
        </Group>
      }
    >
      <ChatUserQrDialog user={qrUser} onClose={() => setQrUser(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Are you sure?"
        message={`${deleting?.fcmData.user_id ?? ''} will no longer be able to sign in to Power Chat, and the licence becomes free.`}
        confirmLabel="Yes, delete it!"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting._id })}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
