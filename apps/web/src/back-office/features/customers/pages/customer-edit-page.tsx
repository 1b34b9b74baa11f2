import { Card, Container, PasswordInput, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { customerUpdateRequestSchema } from '@fleetdeck/contract/staff';
import { MutationForm } from '@/shared/components/mutation-form';
import { QueryView } from '@/shared/components/query-view';
import { useContractForm } from '@/shared/lib/form';
import { staffPaths } from '../../../app/paths';
import { useCustomerDetail } from '../api/customer-detail';
import { useUpdateCustomer } from '../api/customer-update';

/** Spec 3 §5: checked before any call. */
export const PASSWORD_MISMATCH = 'Password and confirm password mismatched';

/** Spec 3 "Edit customer": the email shown; name, password and its confirmation; Save goes to the customer list. */
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
  return (
    <QueryView query={detail} errorTitle="The customer could not load">
      {({ customerDetail: customer }) => (
        <Container size={560} px={0}>
          <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <MutationForm form={form} mutation={update} cancel={{ to: staffPaths.customerList.getHref() }}>
              <TextInput label="Email" value={customer.email} readOnly variant="filled" />
              <TextInput label="Name" required maxLength={100} {...form.getInputProps('name')} />
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                description="Leave empty to keep the current password. A new one signs the customer out everywhere."
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
              />
              <Text size="xs" c="dimmed">
                Changes are recorded in the customer's audit log under your name.
              </Text>
            </MutationForm>
          </Card>
        </Container>
      )}
    </QueryView>
  );
}
