import { updateUserRequestSchema, type UserDetail } from '@fleetdeck/contract';
import { Card, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SubmitRow } from '@/portal/components/form-fields';
import { PhoneFields } from '@/portal/components/phone-fields';
import { normaliseDialCode } from '@/shared/lib/countries';
import { useContractForm } from '@/shared/lib/form';
import { nationalPart, phoneFieldMessage } from '@/shared/lib/phone';
import { useUpdateUser } from '../api/update-user';
import { Allowed } from '@/portal/lib/permissions';

export function UpdateProfileForm({ user }: { user: UserDetail }) {
  // No client checks (as before): the server decides and its message is shown; but for the phone number, which must
  // be one of the chosen country's (stored in E.164, DECISIONS §14: shown here as its national digits beside its code).
  const form = useContractForm(
    updateUserRequestSchema,
    {
      name: user.name,
      country_code: normaliseDialCode(user.country_code),
      phone_number: nationalPart(user.phone_number),
      company: user.company ?? '',
      address: user.address ?? '',
      tax_id: user.tax_id ?? '',
    },
    {
      clientCheck: false,
      rules: (values) => ({ phone_number: phoneFieldMessage(values.phone_number, values.country_code) }),
      toRequest: (values) => ({
        name: values.name.trim(),
        country_code: values.country_code,
        phone_number: values.phone_number.trim(),
        company: values.company.trim(),
        address: values.address.trim(),
        tax_id: values.tax_id.trim(),
      }),
    },
  );
  const update = useUpdateUser();

  return (
    <Card padding="xl" h="100%">
      <Text fw={700} size="lg">
        Profile details
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Your name, company, address and tax ID appear on your invoices and credit notes.
      </Text>
      <form onSubmit={form.submit((request) => update.mutate(request), update.isPending)} noValidate>
        <Stack gap="md" mt="lg">
          <TextInput label="Name" name="name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            variant="filled"
            description="Your email cannot be changed."
          />
          <PhoneFields form={form} />
          <Text fw={600} size="sm" mt="xs">
            Invoice details
          </Text>
          <TextInput label="Company" name="company" autoComplete="organization" {...form.getInputProps('company')} />
          <Textarea
            label="Billing address"
            name="address"
            autoComplete="street-address"
            description="Up to 6 lines, as it should appear on invoices."
            rows={3}
            {...form.getInputProps('address')}
          />
          <TextInput label="VAT / Tax ID" name="tax_id" {...form.getInputProps('tax_id')} />
          <Allowed to="account.write">
            <SubmitRow loading={update.isPending}>Save</SubmitRow>
          </Allowed>
        </Stack>
      </form>
    </Card>
  );
}
