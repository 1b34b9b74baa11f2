import { API_KEY_PREFIX, type ApiKey } from '@fleetdeck/contract';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { browserPage } from '@/portal/lib/browser-paging';
import { actionsColumn, textColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DeleteAction } from '@/shared/components/delete-action';
import { ListPage } from '@/shared/components/list-page';
import { formatDate, formatDateTime, isPast } from '@/shared/lib/format';
import { pagingQuerySchema, useListSearch } from '@/shared/lib/list-search';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';

/** What a key is for, said above the list and in its place while there is none. */
export const API_KEYS_EMPTY =
  'No API keys yet. A key lets your own systems (a ticketing tool, an inventory, a script) call the Fleetdeck API ' +
  'for this account without anyone’s password: create one, give it only the scopes it needs, and revoke it when ' +
  'it is no longer used.';

function ExpiryCell({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return <Text size="sm">Never</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{formatDate(expiresAt)}</Text>
      {isPast(expiresAt) ? (
        <Badge color="red" variant="light" size="sm">
          Expired
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * `/api-keys` (DECISIONS §13; `account.write`: Owners and Admins): the account's keys (name, first characters,
 * scopes, who made it, when, last use, expiry), a new key (shown once) and a key revoked after asking.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const list = useListSearch(pagingQuerySchema);
  const [creating, create] = useDisclosure(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey({ onSuccess: () => setRevoking(null) });

  const columns: DataTableColumn<ApiKey>[] = [
    textColumn('name', 'Name', 170, (k) => k.name, { fw: 600 }),
    {
      key: 'prefix',
      header: 'Key',
      width: 150,
      render: (k) => <Code>{`${k.prefix}…`}</Code>,
    },
    {
      key: 'scopes',
      header: 'Scopes',
      width: 200,
      render: (k) => (
        <Group gap={4}>
          {k.scopes.map((s) => (
            <Badge key={s} variant="light" size="sm" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
      ),
    },
    textColumn('createdBy', 'Created by', 140, (k) => k.createdBy ?? 'A former member'),
    textColumn('createdAt', 'Created', 160, (k) => formatDateTime(k.createdAt)),
    textColumn('lastUsedAt', 'Last used', 160, (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never')),
    { key: 'expiresAt', header: 'Expires', width: 150, render: (k) => <ExpiryCell expiresAt={k.expiresAt} /> },
    actionsColumn(70, (k) => <DeleteAction hint="Revoke" label={`Revoke ${k.name}`} onClick={() => setRevoking(k)} />),
  ];

  return (
    <ListPage
      noun="API keys"
      search={list}
      result={keys}
      {...browserPage(keys.data, list.query)}
      columns={columns}
      emptyMessage={API_KEYS_EMPTY}
      header={
        <Group justify="space-between" gap="sm">
          <Stack gap={4} maw={620}>
            <Text size="sm" c="dimmed">
              Keys act for the account, not for a person: removing the member who made one does not stop it. Your
              systems send a key as <Code>{`authorization: Bearer ${API_KEY_PREFIX}…`}</Code>.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            Create API key
          </Button>
        </Group>
      }
    >
      <CreateApiKeyDialog opened={creating} onClose={create.close} />
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? `Revoke ${revoking.name}?` : ''}
        message={
          revoking
            ? `The key ${revoking.name} (${revoking.prefix}…) stops working now: integrations using it stop working at once.`
            : ''
        }
        confirmLabel="Revoke key"
        confirmColor="red"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking._id)}
        onCancel={() => setRevoking(null)}
      />
    </ListPage>
  );
}
