import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { newsletterRequestSchema } from '@fleetdeck/contract';
import { useState } from 'react';
import { CaptchaField } from '@/portal/components/captcha-field';
import { useContractForm } from '@/shared/lib/form';
import { useCaptchaGate } from '../lib/use-captcha-gate';
import { useSubscribeNewsletter } from '../api/site';

/** The footer's newsletter sign-up (DECISIONS §9): email and captcha; the address is listed once confirmed by email. */
export function NewsletterSignup() {
  const [done, setDone] = useState(false);
  const form = useContractForm(newsletterRequestSchema, { email: '' }, { labels: { email: 'Email' } });
  const gate = useCaptchaGate(form, () => setDone(true));
  const subscribe = useSubscribeNewsletter(gate.mutation);
  return (
    <form aria-label="Newsletter sign-up" noValidate onSubmit={gate.onSubmit(subscribe)}>
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
        <CaptchaField {...gate.field} />
        {done ? (
          <Text size="sm" c="green.8" role="status">
            Thank you. Please confirm with the link we emailed you.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
