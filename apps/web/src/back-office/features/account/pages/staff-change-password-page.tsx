import { Button, Card, Container, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { staffChangePasswordRequestSchema } from '@fleetdeck/contract/staff';
import { BoundPasswordInput, NewPasswordInputs } from '@/shared/components/form-fields';
import { clearStaffSession } from '@/shared/lib/auth-storage';
import { useContractForm } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { useStaffChangePassword } from '../../../api/staff-session';

/** Old, new and confirm password; on success the staff member is signed out and goes to login (spec 3 §4). */
export function StaffChangePasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useContractForm(
    staffChangePasswordRequestSchema,
    { old_password: '', new_password: '', confirm_password: '' },
    {
      labels: { old_password: 'Old password', new_password: 'New password', confirm_password: 'Confirm password' },
      rules: (v) => (v.confirm_password !== v.new_password ? { confirm_password: 'Passwords do not match' } : {}),
    },
  );
  const change = useStaffChangePassword({
    onSuccess: () => {
      clearStaffSession();
      queryClient.clear();
      void navigate(staffPaths.login.getHref(), { replace: true });
    },
    onError: (error) => form.setServerErrors(error),
  });

  return (
    <Container size={480} px={0}>
      <Card withBorder radius="lg" p="xl">
        <form onSubmit={form.submit((request) => change.mutate(request), change.isPending)} noValidate>
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              Changing your password signs you out of every back-office session.
            </Text>
            <BoundPasswordInput
              form={form}
              field="old_password"
              label="Old password"
              autoComplete="current-password"
              required
            />
            <NewPasswordInputs
              form={form}
              field="new_password"
              description="8 to 128 characters, not a common password"
              required
            />
            <Button type="submit" loading={change.isPending}>
              Submit
            </Button>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
