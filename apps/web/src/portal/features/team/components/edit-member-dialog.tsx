import { teamUpdateRequestSchema, type MemberRole, type TeamMember } from '@fleetdeck/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { FormActions } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { useUpdateMember } from '../api/team-mutations';
import { groupIdsOf, MemberAccessFields } from './member-access-fields';

/** A member's role and groups, changed together ("Save"); the server's refusal (the last Owner) shows as it comes. */
export function EditMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={<Text fw={700}>{member ? `Role of ${member.name}` : ''}</Text>}
      size="md"
    >
      {member ? <EditMemberForm key={member._id} member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditMemberForm({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const form = useContractForm(
    teamUpdateRequestSchema,
    { role: member.role, groupIds: member.groupIds ?? [] } as { role: MemberRole; groupIds: string[] },
    { toRequest: (v) => ({ role: v.role, groupIds: groupIdsOf(v.role, v.groupIds) }) },
  );
  const update = useUpdateMember({ onSuccess: onClose, onError: (error) => form.setServerErrors(error) });
  const values = form.getValues();
  return (
    <form
      onSubmit={form.submit((request) => update.mutate({ id: member._id, ...request }), update.isPending)}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
        <MemberAccessFields
          role={values.role}
          groupIds={values.groupIds}
          onRole={(role) => form.setFieldValue('role', role)}
          onGroupIds={(ids) => form.setFieldValue('groupIds', ids)}
          known={member.groups}
          roleError={form.errors.role}
          groupsError={form.errors.groupIds}
        />
        <FormActions loading={update.isPending} cancel={{ onClick: onClose }} />
      </Stack>
    </form>
  );
}
