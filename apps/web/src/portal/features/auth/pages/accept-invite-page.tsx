import { teamAcceptRequestSchema } from '@fleetdeck/contract';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { FullSubmitButton } from '@/portal/components/form-fields';
import { paths } from '@/portal/config/paths';
import { BackToLoginLink } from '@/shared/components/back-to-login-link';
import { BoundTextInput, NewPasswordInputs } from '@/shared/components/form-fields';
import { AuthCard } from '@/shared/components/layouts/auth-card';
import { errorMessage } from '@/shared/lib/api-client';
import { useContractForm } from '@/shared/lib/form';
import { useAcceptInvite } from '../api/accept-invite';

export const PASSWORD_MISMATCH = 'Password and confirm password do not match.';

/**
 * `/accept-invite?token=` (DECISIONS §12), the link of a team invite: the invited person chooses their name and
 * password (the registration's rules, checked by the contract), then signs in at /login with the invited email. An
 * expired, used or revoked link shows the server's message.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useContractForm(
    teamAcceptRequestSchema,
    { name: '', password: '', confirm_password: '' },
    {
      labels: { name: 'Full name', password: 'Password' },
      toRequest: ({ name, password }) => ({ token, name: name.trim(), password }),
      rules: (v) => (v.confirm_password !== v.password ? { confirm_password: PASSWORD_MISMATCH } : {}),
    },
  );
  const accept = useAcceptInvite({ onError: (error) => form.setServerErrors(error) });

  if (accept.data) {
    return (
      <AuthCard title="Welcome to the team">
        <Stack gap="lg">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
            Your account is ready. Log in with {accept.data.data.email} and the password you chose.
          </Alert>
          <Button component={Link} to={paths.auth.login.getHref()} fullWidth>
            Go to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Join the team" subtitle="Choose your name and a password of 8 to 128 characters.">
      <Stack gap="lg">
        {token === '' ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Incomplete link">
            This invite link is missing its token. Open the link from the email again, or ask for a new invite.
          </Alert>
        ) : null}
        {accept.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="The invite could not be accepted"
          >
            {errorMessage(accept.error)}
          </Alert>
        ) : null}
        <form onSubmit={form.submit((request) => accept.mutate(request), accept.isPending)} noValidate>
          <Stack gap="md">
            <BoundTextInput form={form} field="name" label="Full name" withAsterisk autoComplete="name" />
            <NewPasswordInputs form={form} field="password" label="Password" required />
            <FullSubmitButton loading={accept.isPending} disabled={token === ''}>
              Join
            </FullSubmitButton>
          </Stack>
        </form>
        <BackToLoginLink to={paths.auth.login.getHref()} />
      </Stack>
    </AuthCard>
  );
}
