import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { useSendForgetPasswordLink } from '../api/forget-password';

export function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const send = useSendForgetPasswordLink();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate({ email: email.trim() });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account email and we will send you a link to reset it."
    >
      <Stack gap="lg">
        {send.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />}>
            {send.data.respones_msg}
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              leftSection={<IconMail size={18} stroke={1.6} />}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={send.isPending}>
              Submit
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to={paths.auth.login.getHref()} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Back to login
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
