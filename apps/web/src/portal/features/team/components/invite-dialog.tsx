import { teamInviteRequestSchema, type MemberRole } from '@fleetdeck/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { FormActions } from '@/shared/components/mutation-form';
import { BoundEmailInput } from '@/portal/components/form-fields';
import { useContractForm } from '@/shared/lib/form';
import { useInviteMember } from '../api/team-mutations';
import { groupIdsOf, MemberAccessFields } from './member-access-fields';

type InviteValues = { email: string; role: MemberRole; groupIds: string[] };

/** "Invite member": an email, a role (with what it may do) and, for the group-scoped roles, the groups. */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(teamInviteRequestSchema, { email: '', role: 'Viewer', groupIds: [] } as InviteValues, {
    labels: { email: 'Email', role: 'Role', groupIds: 'Groups' },
    toRequest: (v) => ({ email: v.email.trim(), role: v.role, groupIds: groupIdsOf(v.role, v.groupIds) }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const invite = useInviteMember({ onSuccess: close, onError: (error) => form.setServerErrors(error) });
  const values = form.getValues();

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Invite member</Text>} size="md">
      <form onSubmit={form.submit((request) => invite.mutate(request), invite.isPending)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We email them a link valid for 7 days to set their name and password.
          </Text>
          <BoundEmailInput form={form} field="email" label="Email" withAsterisk data-autofocus />
          <MemberAccessFields
            role={values.role}
            groupIds={values.groupIds}
            onRole={(role) => form.setFieldValue('role', role)}
            onGroupIds={(ids) => form.setFieldValue('groupIds', ids)}
            roleError={form.errors.role}
            groupsError={form.errors.groupIds}
          />
          <FormActions loading={invite.isPending} submitLabel="Send invite" cancel={{ onClick: close }} />
        </Stack>
      </form>
    </Modal>
  );
}
