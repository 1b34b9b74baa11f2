import { Button, Card, Center, CopyButton, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface LoginQrCardProps {
  url: string | undefined;
  /** The text inside the QR, offered for copying (apps on devices without a camera, the device simulator). */
  link?: string | undefined;
  loading?: boolean;
}

/** The customer's login QR code: devices scan it to enrol into this account. */
export function LoginQrCard({ url, link, loading }: LoginQrCardProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = url !== undefined && failedUrl === url;
  return (
    <Card padding="lg" h="100%">
      <Text fw={700}>Device enrolment QR code</Text>
      <Text size="sm" c="dimmed" mt={4}>
        Open the app on an Android device and scan this code to enrol the device into your account.
      </Text>
      <Center mt="md" style={{ flex: 1 }}>
        {loading || !url ? (
          <Skeleton w={200} h={200} radius="md" />
        ) : failed ? (
          <Stack w={200} h={200} justify="center" align="center" bg="gray.0" style={{ borderRadius: 12 }}>
            <Text size="sm" c="dimmed" ta="center" px="md">
              The QR code could not be loaded. Reload the page to try again.
            </Text>
          </Stack>
        ) : (
          <Image
            src={url}
            alt="Login QR code for enrolling devices"
            w={200}
            h={200}
            fit="contain"
            radius="md"
            onError={() => setFailedUrl(url)}
            style={{ border: '1px solid var(--mantine-color-gray-2)', background: 'white' }}
          />
        )}
      </Center>
      {link && !loading ? (
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="subtle" size="xs" mt="sm" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? 'Enrolment link copied' : 'Copy enrolment link'}
            </Button>
          )}
        </CopyButton>
      ) : null}
    </Card>
  );
}
