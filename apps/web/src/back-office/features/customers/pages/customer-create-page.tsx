import { Card, Container, Grid, PasswordInput, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { customerCreateRequestSchema } from '@fleetdeck/contract/staff';
import { CountryCodeSelect } from '@/shared/components/country-code-select';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { phoneFieldMessage } from '@/shared/lib/phone';
import { staffPaths } from '../../../app/paths';
import { useCreateCustomer } from '../api/customer-create';

type Values = {
  email: string;
  password: string;
  countryCode: string | null;
  phoneNumber: string;
};

/** Spec 3 "Create customer": an offline customer (DECISIONS §8); Save goes back to the customer list. */
export function CustomerCreatePage() {
  const navigate = useNavigate();
  const form = useContractForm(
    customerCreateRequestSchema,
    { email: '', password: '', countryCode: null, phoneNumber: '' } as Values,
    {
      labels: { email: 'Email', password: 'Password', phoneNumber: 'Phone number', countryCode: 'Country code' },
      // The number must be one of the chosen country's (stored in E.164, DECISIONS §14).
      rules: (v) => ({ phoneNumber: phoneFieldMessage(v.phoneNumber, v.countryCode) }),
      toRequest: (v) => ({
        email: v.email.trim(),
        password: v.password,
        phoneNumber: v.phoneNumber.trim(),
        countryCode: v.countryCode ?? undefined,
        name: undefined,
      }),
    },
  );
  const create = useCreateCustomer({
    onSuccess: () => void navigate(staffPaths.customerList.getHref()),
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <Container size={560} px={0}>
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <MutationForm form={form} mutation={create} cancel={{ to: staffPaths.customerList.getHref() }}>
          <Text c="dimmed" size="sm">
            An offline customer: the email counts as verified, licences are sold here (no Buy Plan in their console).
          </Text>
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="Optional. The customer gets a welcome email with a link to set their own password (valid 7 days). If you set one: 8 to 128 characters, not a common password."
            {...form.getInputProps('password')}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <CountryCodeSelect
                value={form.values.countryCode}
                onChange={(code) => form.setFieldValue('countryCode', code)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label="Phone number"
                type="tel"
                inputMode="tel"
                placeholder="7700 900123"
                {...form.getInputProps('phoneNumber')}
              />
            </Grid.Col>
          </Grid>
        </MutationForm>
      </Card>
    </Container>
  );
}
