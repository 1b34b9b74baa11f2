import { Button, Group, Modal, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { dateColumn, statusColumn, twoLineColumn } from '@/shared/components/columns';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  STAFF_ROLES,
  staffCreateRequestSchema,
  staffListQuerySchema,
  type StaffAccount,
  type StaffRole,
} from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';

import { useListQuery } from '@/shared/lib/list-search';
import { useStaffDetail } from '../../../api/staff-session';
import { useCreateStaff, useStaffAccounts, useUpdateStaff } from '../api/staff-accounts';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: r }));

function CreateStaffDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(
    staffCreateRequestSchema,
    { name: '', email: '', password: '', role: 'Support' as StaffRole },
    { labels: { name: 'Name', email: 'Email', password: 'Password', role: 'Role' } },
  );
  const close = () => {
    form.reset();
    onClose();
  };
  const create = useCreateStaff({ onSuccess: close, onError: (error) => form.setServerErrors(error) });
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>New staff member</Text>}>
      <MutationForm form={form} mutation={create} submitLabel="Create" cancel={{ onClick: close }}>
        <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          description="8 to 128 characters, not a common password. They sign in with it and an emailed code."
          {...form.getInputProps('password')}
        />
        <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
      </MutationForm>
    </Modal>
  );
}

/** SuperAdmin's staff page (DECISIONS §8): list, create, change role, disable (which ends their sessions at once). */
export function StaffPage() {
  const list = useListQuery(staffListQuerySchema, useStaffAccounts);
  const me = useStaffDetail();
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<StaffAccount | null>(null);
  const update = useUpdateStaff({ onSuccess: () => setToggling(null) });

  const columns: DataTableColumn<StaffAccount>[] = [
    twoLineColumn('email', 'Email', 260, (row) => ({ main: row.email, detail: row.name })),
    {
      key: 'role',
      header: 'Role',
      width: 180,
      render: (row) => (
        <Select
          aria-label={`Role of ${row.email}`}
          data={ROLE_OPTIONS}
          value={row.role}
          allowDeselect={false}
          disabled={row._id === me.data?._id || update.isPending}
          onChange={(role) => role && role !== row.role && update.mutate({ id: row._id, role: role as StaffRole })}
          size="xs"
          w={150}
        />
      ),
    },
    statusColumn('status', 'Status', 110, (row) =>
      row.disabled ? { label: 'Disabled', color: 'gray' } : { label: 'Active', color: 'green' },
    ),
    dateColumn('created_at'),
    {
      key: 'actions',
      header: 'Action',
      width: 120,
      render: (row) =>
        row._id === me.data?._id ? (
          <Text size="xs" c="dimmed">
            You
          </Text>
        ) : (
          <Button size="xs" variant="light" color={row.disabled ? 'green' : 'red'} onClick={() => setToggling(row)}>
            {row.disabled ? 'Enable' : 'Disable'}
          </Button>
        ),
    },
  ];

  return (
    <ListPage
      label="Staff"
      {...list}
      columns={columns}
      errorTitle="The staff list could not load"
      emptyMessage="No staff member matches."
      minWidth={860}
      filters={[{ kind: 'text', key: 'email', label: 'Email', placeholder: 'name@company.com', maxLength: 254 }]}
      header={
        <Group justify="flex-end">
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
            Add staff member
          </Button>
        </Group>
      }
    >
      <CreateStaffDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.disabled ? 'Enable this staff member?' : 'Disable this staff member?'}
        message={
          toggling?.disabled
            ? `${toggling.email} can sign in again.`
            : `${toggling?.email ?? ''} is signed out everywhere at once and can no longer sign in.`
        }
        confirmLabel={toggling?.disabled ? 'Enable' : 'Disable'}
        confirmColor={toggling?.disabled ? 'green' : 'red'}
        loading={update.isPending}
        onConfirm={() => toggling && update.mutate({ id: toggling._id, disabled: !toggling.disabled })}
        onCancel={() => setToggling(null)}
      />
    </ListPage>
  );
}
