import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { newsletterRequestSchema } from '@fleetdeck/contract';
import { useState } from 'react';
import { CaptchaField } from '@/portal/components/captcha-field';
import { useContractForm } from '@/shared/lib/form';
import { useSubscribeNewsletter } from '../api/site';

/** The footer's newsletter sign-up (DECISIONS §9): email and captcha. */
export function NewsletterSignup() {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useContractForm(newsletterRequestSchema, { email: '' }, { labels: { email: 'Email' } });
  const subscribe = useSubscribeNewsletter({
    onSuccess: () => {
      form.reset();
      setDone(true);
    },
    onError: (error) => {
      form.setServerErrors(error);
      if ((error as { code?: string }).code === 'E_CAPTCHA') setCaptchaError('Please verify captcha.');
    },
    // A used captcha cannot be sent again.
    onSettled: () => {
      setCaptcha(null);
      setResetSignal((n) => n + 1);
    },
  });
  return (
    <form
      aria-label="Newsletter sign-up"
      noValidate
      onSubmit={form.submit((body) => {
        if (!captcha) return setCaptchaError('Please verify captcha.');
        setCaptchaError(null);
        subscribe.mutate({ ...body, captcha });
      }, subscribe.isPending)}
    >
      <Stack gap="xs">
        <Text fw={700} size="sm">
          Newsletter
        </Text>
        <Text size="xs" c="dimmed">
          News about the apps, now and then. Unsubscribe any time.
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            aria-label="Email for the newsletter"
            placeholder="you@company.com"
            type="email"
            autoComplete="email"
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('email')}
            onFocus={() => setDone(false)}
          />
          <Button type="submit" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
        <CaptchaField onChange={setCaptcha} resetSignal={resetSignal} error={captchaError} />
        {done ? (
          <Text size="sm" c="green.8" role="status">
            Thank you for subscribing.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
