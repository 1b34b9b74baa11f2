import { Button, Card, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { customerUpdateRequestSchema } from '@fleetdeck/contract/staff';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { BoundTextInput, NewPasswordInputs } from '@/shared/components/form-fields';
import { FormActions } from '@/shared/components/mutation-form';
import { QueryError } from '@/shared/components/query-view';
import { PageLoader } from '@/shared/components/page-loader';
import { useContractForm } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { useSendResetLink, useSetCustomerDisabled } from '../api/customer-account';
import { useCustomerDetail } from '../api/customer-detail';
import { useUpdateCustomer } from '../api/customer-update';
import { getStaffRole } from '@/shared/lib/auth-storage';

/** Spec 3 §5: checked before any call. */
export const PASSWORD_MISMATCH = 'Password and confirm password mismatched';

/**
 * Spec 3 "Edit customer": the email shown; name, and (SuperAdmin only, DECISIONS §8) password and its confirmation;
 * other roles get "Send password reset link". Disable/Enable names what disabling ends. Save goes to the customer list.
 */
export function CustomerEditPage() {
  const [params] = useSearchParams();
  const customerId = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useCustomerDetail(customerId, { page: 1, limit: 5 });
  const customer = detail.data?.customerDetail;
  const form = useContractForm(
    customerUpdateRequestSchema,
    { name: '', password: '', confirmPassword: '' },
    {
      labels: { name: 'Name', password: 'Password' },
      rules: (v) => (v.password !== v.confirmPassword ? { confirmPassword: PASSWORD_MISMATCH } : {}),
      toRequest: (v) => ({ customerId, name: v.name.trim(), password: v.password || undefined }),
    },
  );
  const { setValues, resetDirty } = form;
  // The server refuses a password from other roles (403): they start the customer's own reset flow instead.
  const setsPassword = getStaffRole() === 'SuperAdmin';
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const resetLink = useSendResetLink();
  const disable = useSetCustomerDisabled({ onSuccess: () => setConfirmingDisable(false) });
  useEffect(() => {
    if (customer) {
      setValues({ name: customer.name });
      resetDirty();
    }
    // Only when the customer loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer?._id]);
  const update = useUpdateCustomer({
    onSuccess: () => void navigate(staffPaths.customerList.getHref()),
    onError: (error) => form.setServerErrors(error),
  });

  if (!customerId) {
    return (
      <Text c="dimmed">
        No customer chosen: open this page from the <Link to={staffPaths.customerList.getHref()}>customer list</Link>.
      </Text>
    );
  }
  if (detail.isError) {
    return <QueryError title="The customer could not load" query={detail} />;
  }
  if (!customer) return <PageLoader />;
  return (
    <Container size={560} px={0}>
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={form.submit((request) => update.mutate(request), update.isPending)} noValidate>
          <Stack gap="md">
            <TextInput label="Email" value={customer.email} readOnly variant="filled" />
            <BoundTextInput form={form} field="name" label="Name" required maxLength={100} />
            {setsPassword ? (
              <NewPasswordInputs
                form={form}
                field="password"
                confirmField="confirmPassword"
                label="Password"
                description="Leave empty to keep the current password. A new one is emailed to the customer and signs them out everywhere."
              />
            ) : (
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  The customer sets a new password with an emailed link.
                </Text>
                <Button variant="light" loading={resetLink.isPending} onClick={() => resetLink.mutate(customerId)}>
                  Send password reset link
                </Button>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              Changes are recorded in the customer's audit log under your name.
            </Text>
            <Group justify="space-between">
              <Button
                variant="subtle"
                color={customer.isDisabled ? 'teal' : 'red'}
                onClick={() => setConfirmingDisable(true)}
              >
                {customer.isDisabled ? 'Enable customer' : 'Disable customer'}
              </Button>
              <FormActions loading={update.isPending} cancel={{ to: staffPaths.customerList.getHref() }} />
            </Group>
          </Stack>
        </form>
      </Card>
      <ConfirmDialog
        opened={confirmingDisable}
        title={customer.isDisabled ? `Enable ${customer.email}?` : `Disable ${customer.email}?`}
        message={
          customer.isDisabled
            ? 'The customer can sign in again; their devices enrol again with the enrolment link.'
            : "The customer is signed out everywhere at once, their devices' tokens are revoked (the devices stop " +
              'checking in), and they cannot sign in until enabled again.'
        }
        confirmLabel={customer.isDisabled ? 'Yes, enable' : 'Yes, disable'}
        confirmColor={customer.isDisabled ? 'teal' : 'red'}
        loading={disable.isPending}
        onConfirm={() => disable.mutate({ customerId, disabled: !customer.isDisabled })}
        onCancel={() => setConfirmingDisable(false)}
      />
    </Container>
  );
}
