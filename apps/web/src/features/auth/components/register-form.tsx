import { registerRequestSchema } from '@fleetdeck/contract';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PhoneFields } from '@/components/phone-fields';
import { PRIVACY_POLICY_URL } from '@/config/constants';
import { paths } from '@/config/paths';
import { useContractForm } from '@/lib/form';
import { useRegister } from '../api/register';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and condition';

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Spec 1: the terms box is the only client check on register; the server decides the rest.
  const form = useContractForm(
    registerRequestSchema,
    {
      name: '',
      email: params.get('email') ?? '',
      password: '',
      country_code: null as string | null,
      phone_number: '',
      accepted: false,
    },
    {
      clientCheck: false,
      rules: (values) => (values.accepted ? {} : { accepted: TERMS_REQUIRED_MESSAGE }),
      toRequest: (values) => ({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        registration_code: '',
        country_code: values.country_code,
        phone_number: values.phone_number.trim(),
      }),
    },
  );

  const register = useRegister({
    onSuccess: () => {
      form.reset();
      form.setFieldValue('email', '');
      void navigate(paths.auth.login.getHref({ showEmailNotice: true }));
    },
  });

  return (
    <form onSubmit={form.submit((request) => register.mutate(request), register.isPending)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Full name"
          withAsterisk
          name="name"
          autoComplete="name"
          placeholder="Jane Cooper"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          withAsterisk
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          description="Please use your work email"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          withAsterisk
          name="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...form.getInputProps('password')}
        />
        <PhoneFields form={form} placeholder="7700 900123" />
        <Checkbox
          {...form.getInputProps('accepted', { type: 'checkbox' })}
          label={
            <>
              I accept the{' '}
              <Anchor href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer" inherit>
                terms and privacy policy
              </Anchor>
            </>
          }
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
          Get Started
        </Button>
      </Stack>
    </form>
  );
}
