import type { TeamInvite, TeamMember } from '@fleetdeck/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTeam } from '@/portal/api/get-team';
import { browserPage } from '@/portal/lib/browser-paging';
import { textColumn, twoLineColumn, actionsColumn } from '@/shared/components/columns';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DeleteAction } from '@/shared/components/delete-action';
import { IconButton } from '@/shared/components/icon-action';
import { ListPage } from '@/shared/components/list-page';
import { QueryError } from '@/shared/components/query-view';
import { formatDateTime } from '@/shared/lib/format';
import { pagingQuerySchema, useListSearch } from '@/shared/lib/list-search';
import { useRemoveMember, useResendInvite, useRevokeInvite } from '../api/team-mutations';
import { EditMemberDialog } from '../components/edit-member-dialog';
import { InviteDialog } from '../components/invite-dialog';
import { groupsText } from '../components/member-access-fields';

/**
 * `/team` (DECISIONS §12; `team.manage`): the account's members (role, groups, two-step, last sign-in; the registrant
 * marked), their role and groups changed, a member removed (their sessions end at once), the pending invites (resent
 * or revoked) and a new invite. The server's refusals (the last Owner) are shown as they come.
 */
export function TeamPage() {
  const team = useTeam();
  const list = useListSearch(pagingQuerySchema);
  const [inviting, invite] = useDisclosure(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMember({ onSuccess: () => setRemoving(null) });

  const columns: DataTableColumn<TeamMember>[] = [
    twoLineColumn('name', 'Name', 180, (m) => ({ main: m.name, detail: m.isRegistrant ? 'Registrant' : null })),
    textColumn('email', 'Email', 200, (m) => m.email),
    {
      key: 'role',
      header: 'Role',
      width: 110,
      render: (m) => <Badge variant="light">{m.role}</Badge>,
    },
    textColumn('groups', 'Groups', 160, groupsText),
    textColumn('twoStep', 'Two-step', 90, (m) => (m.enable_two_step_email_verification ? 'On' : 'Off')),
    textColumn('lastLogin', 'Last sign-in', 170, (m) => (m.last_login_at ? formatDateTime(m.last_login_at) : 'Never')),
    actionsColumn(90, (m) => (
      <>
        <IconButton
          hint="Change role and groups"
          label={`Change the role of ${m.name}`}
          icon={IconPencil}
          onClick={() => setEditing(m)}
        />
        {/* The registrant's email is the account's: they cannot be removed (the server refuses it too). */}
        {m.isRegistrant ? null : (
          <DeleteAction hint="Remove" label={`Remove ${m.name}`} onClick={() => setRemoving(m)} />
        )}
      </>
    )),
  ];

  if (team.isError) return <QueryError title="The team could not load" query={team} />;

  return (
    <ListPage
      label="Members"
      search={list}
      result={team}
      {...browserPage(team.data?.members, list.query)}
      columns={columns}
      header={
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            The people who sign in to this account, each with a role. Admins, Technicians and Viewers can be limited to
            some device groups.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={invite.open}>
            Invite member
          </Button>
        </Group>
      }
    >
      {team.data ? <PendingInvites invites={team.data.invites} /> : null}
      <InviteDialog opened={inviting} onClose={invite.close} />
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Remove ${removing.name}?` : ''}
        message={
          removing
            ? `${removing.name} (${removing.email}) can no longer sign in to this account, and their sessions end now.`
            : ''
        }
        confirmLabel="Remove member"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id)}
        onCancel={() => setRemoving(null)}
      />
    </ListPage>
  );
}

/** The invites not accepted yet: each resent (a new link) or revoked (after asking); an expired one is marked. */
function PendingInvites({ invites }: { invites: TeamInvite[] }) {
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const resend = useResendInvite();
  const revoke = useRevokeInvite({ onSuccess: () => setRevoking(null) });
  return (
    <Stack gap="sm" mt="lg" component="section" aria-label="Pending invites">
      <Title order={3} size="h4">
        Pending invites
      </Title>
      {invites.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invites waiting.
        </Text>
      ) : (
        invites.map((inv) => (
          <Card key={inv._id} withBorder radius="md" padding="sm" aria-label={`Invite for ${inv.email}`}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
                <Group gap="xs">
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                    {inv.email}
                  </Text>
                  <Badge variant="light">{inv.role}</Badge>
                  {inv.expired ? (
                    <Badge color="red" variant="light">
                      Expired
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {`${groupsText(inv)} · ${inv.expired ? 'expired' : 'valid until'} ${formatDateTime(inv.expires_at)}`}
                  {inv.invited_by ? ` · invited by ${inv.invited_by}` : ''}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  loading={resend.isPending && resend.variables === inv._id}
                  onClick={() => resend.mutate(inv._id)}
                  aria-label={`Resend the invite for ${inv.email}`}
                >
                  Resend
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setRevoking(inv)}
                  aria-label={`Revoke the invite for ${inv.email}`}
                >
                  Revoke
                </Button>
              </Group>
            </Group>
          </Card>
        ))
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this invite?"
        message={revoking ? `The link sent to ${revoking.email} stops working.` : ''}
        confirmLabel="Revoke invite"
        confirmColor="red"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking._id)}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
