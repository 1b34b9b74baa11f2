import { Anchor, Button, Checkbox, Grid, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CountryCodeSelect } from '@/components/country-code-select';
import { PRIVACY_POLICY_URL } from '@/config/constants';
import { paths } from '@/config/paths';
import { useRegister } from '../api/register';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and condition';

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);

  const register = useRegister({
    onSuccess: () => {
      setName('');
      setEmail('');
      setPassword('');
      setCountryCode(null);
      setPhone('');
      setAccepted(false);
      void navigate(paths.auth.login.getHref({ showEmailNotice: true }));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    if (!accepted) {
      setTermsError(TERMS_REQUIRED_MESSAGE);
      return;
    }
    register.mutate({
      name: name.trim(),
      email: email.trim(),
      password,
      registration_code: '',
      country_code: countryCode,
      phone_number: phone.trim(),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Full name"
          withAsterisk
          name="name"
          autoComplete="name"
          placeholder="Jane Cooper"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
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
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          withAsterisk
          name="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <CountryCodeSelect value={countryCode} onChange={setCountryCode} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="Phone number"
              type="tel"
              name="phone_number"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="7700 900123"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        <Checkbox
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.currentTarget.checked);
            if (e.currentTarget.checked) setTermsError(null);
          }}
          error={termsError}
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
