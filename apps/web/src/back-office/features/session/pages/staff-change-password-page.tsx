import { Button, Card, Container, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearStaffSession } from '@/lib/auth-storage';
import { staffPaths } from '../../../app/paths';
import { useStaffChangePassword } from '../api/staff-session';

type Field = 'old_password' | 'new_password' | 'confirm_password';

/** Old, new and confirm password; on success the staff member is signed out and goes to login (spec 3 §4). */
export function StaffChangePasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    old_password: '',
    new_password: '',
    confirm_password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useStaffChangePassword({
    onSuccess: () => {
      clearStaffSession();
      queryClient.clear();
      void navigate(staffPaths.login.getHref(), { replace: true });
    },
  });

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.currentTarget.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.old_password) found.old_password = 'Enter your current password';
    if (values.new_password.length < 8) found.new_password = 'Use at least 8 characters';
    if (values.new_password.length > 128) found.new_password = 'Use at most 128 characters';
    if (values.confirm_password !== values.new_password) found.confirm_password = 'Passwords do not match';
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate(values);
  };

  return (
    <Container size={480} px={0}>
      <Card withBorder radius="lg" p="xl">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text c="dimmed" size="sm">
              Changing your password signs you out of every back-office session.
            </Text>
            <PasswordInput
              label="Old password"
              autoComplete="current-password"
              value={values.old_password}
              onChange={set('old_password')}
              error={errors.old_password}
              required
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              value={values.new_password}
              onChange={set('new_password')}
              error={errors.new_password}
              required
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              value={values.confirm_password}
              onChange={set('confirm_password')}
              error={errors.confirm_password}
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
