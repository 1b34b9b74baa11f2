import { Alert, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CONTACT_MESSAGE_MAX, contactRequestSchema } from '@fleetdeck/contract';
import { useState } from 'react';
import { CaptchaField } from '@/portal/components/captcha-field';
import { useContractForm } from '@/shared/lib/form';
import { useCaptchaGate } from '../lib/use-captcha-gate';
import { useSendContact } from '../api/site';
import { SitePageHeading } from '../components/site-page-heading';

/** /contact (DECISIONS §9): name, email, subject, message and the captcha. */
export function SiteContactPage() {
  const [sent, setSent] = useState(false);
  const form = useContractForm(
    contactRequestSchema,
    { name: '', email: '', subject: '', message: '' },
    { labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' } },
  );
  const gate = useCaptchaGate(form, () => setSent(true));
  const send = useSendContact(gate.mutation);
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <SitePageHeading title="Contact us">
        Questions about the apps, licences or an order? Write to us and we answer by email.
      </SitePageHeading>
      {sent ? (
        <Alert color="green" title="Message sent" role="status" withCloseButton onClose={() => setSent(false)}>
          Thank you, your message has been sent. We will answer by email.
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <form aria-label="Contact form" noValidate onSubmit={gate.onSubmit(send)}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required autoComplete="name" maxLength={100} {...form.getInputProps('name')} />
              <TextInput label="Email" required type="email" autoComplete="email" {...form.getInputProps('email')} />
            </SimpleGrid>
            <TextInput label="Subject" required maxLength={200} {...form.getInputProps('subject')} />
            {/* No maxLength: a pasted message over the limit is refused with a message, never cut without a word. */}
            <Textarea
              label="Message"
              required
              rows={6}
              description={`${form.values.message.length.toLocaleString('en-GB')} / ${CONTACT_MESSAGE_MAX.toLocaleString('en-GB')} characters`}
              {...form.getInputProps('message')}
            />
            <CaptchaField {...gate.field} />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
