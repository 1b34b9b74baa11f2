import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/portal/config/paths';
import { ApiError } from '@/shared/lib/api-client';
import { useConfirmNewsletter } from '../api/site';
import { SitePageHeading } from '../components/site-page-heading';

/** Why a link did not work, in the visitor's words: the server's message for a refused link, else a general one. */
function failureText(error: unknown) {
  if (error instanceof ApiError && error.status === 400) return error.message;
  return 'Your subscription could not be confirmed right now. Please open the link again later.';
}

/** /newsletter/confirm?token=… (DECISIONS §9): the newsletter's double opt-in link from the email. */
export function SiteNewsletterConfirmPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useConfirmNewsletter(token);
  const signUpAgain = (
    <Text size="sm">
      You can sign up again with the form at the bottom of this page, or{' '}
      <Anchor component={Link} to={paths.site.faq.getHref()}>
        go to the site
      </Anchor>
      .
    </Text>
  );
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <SitePageHeading title="Newsletter">Confirming your subscription.</SitePageHeading>
      {token === '' ? (
        <Alert color="red" title="This link is incomplete" role="alert">
          <Stack gap="xs">
            <Text size="sm">Please open the link from the email exactly as it was sent.</Text>
            {signUpAgain}
          </Stack>
        </Alert>
      ) : confirm.isPending ? (
        <Stack align="center" role="status" aria-busy="true" aria-label="Confirming your subscription">
          <Loader />
        </Stack>
      ) : confirm.isError ? (
        <Alert color="red" title="Your subscription is not confirmed" role="alert">
          <Stack gap="xs">
            <Text size="sm">{failureText(confirm.error)}</Text>
            {signUpAgain}
          </Stack>
        </Alert>
      ) : (
        <Alert color="green" title="You are subscribed" role="status">
          Thank you for confirming: our newsletter comes to this address from now on.
        </Alert>
      )}
    </Stack>
  );
}
