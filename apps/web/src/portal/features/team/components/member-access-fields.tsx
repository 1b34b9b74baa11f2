import {
  GROUP_SCOPED_ROLES,
  MEMBER_ROLES,
  ROLE_DESCRIPTIONS,
  type MemberRole,
  type TeamMember,
} from '@fleetdeck/contract';
import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useGroupChoices } from '@/portal/api/get-groups';

/** Whether a role can be limited to some groups (Owner and Billing always see the whole account). */
export const isGroupScoped = (role: MemberRole) => (GROUP_SCOPED_ROLES as readonly MemberRole[]).includes(role);

/** The groups of a request: none chosen is every group (null); a role without groups sends none. */
export const groupIdsOf = (role: MemberRole, groupIds: readonly string[]): string[] | null =>
  isGroupScoped(role) && groupIds.length > 0 ? [...groupIds] : null;

/** "Every group", or the names of a member's or an invite's groups. */
export const groupsText = (row: Pick<TeamMember, 'groupIds' | 'groups' | 'role'>) =>
  !isGroupScoped(row.role) || row.groupIds === null ? 'Every group' : row.groups.map((g) => g.name).join(', ');

const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: role }));

/**
 * A member's (or an invite's) role, with what it may do in words, and, for the group-scoped roles, the groups it is
 * limited to (none: every group). `known` names groups already chosen that the first page of choices may not list.
 */
export function MemberAccessFields({
  role,
  groupIds,
  onRole,
  onGroupIds,
  known = [],
  roleError,
  groupsError,
}: {
  role: MemberRole;
  groupIds: string[];
  onRole: (role: MemberRole) => void;
  onGroupIds: (ids: string[]) => void;
  known?: readonly { _id: string; name: string }[];
  roleError?: React.ReactNode;
  groupsError?: React.ReactNode;
}) {
  const { options } = useGroupChoices();
  const choices = [
    ...options,
    ...known.filter((g) => !options.some((o) => o.value === g._id)).map((g) => ({ value: g._id, label: g.name })),
  ];
  return (
    <Stack gap="md">
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        value={role}
        allowDeselect={false}
        onChange={(value) => value && onRole(value as MemberRole)}
        description={ROLE_DESCRIPTIONS[role]}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {ROLE_DESCRIPTIONS[option.value as MemberRole]}
            </Text>
          </Stack>
        )}
        error={roleError}
        comboboxProps={{ withinPortal: true }}
      />
      {isGroupScoped(role) ? (
        <MultiSelect
          label="Groups"
          placeholder={groupIds.length === 0 ? 'Every group' : undefined}
          description="The devices this member sees and acts on. None chosen: every group."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={choices}
          value={groupIds}
          onChange={onGroupIds}
          searchable
          clearable
          error={groupsError}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </Stack>
  );
}
