import { Alert, Anchor, Button, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/portal/config/paths';
import { useApkDownload } from '@/portal/api/get-apk-downloads';
import { ApkFileFacts } from '@/portal/components/apk-file-facts';
import { QueryError } from '@/shared/components/query-view';
import { useProductName } from '@/shared/lib/app-config';

/**
 * `/enrol?token=…` (DECISIONS §6): the login QR code's text, opened by a phone's camera instead of the app. A public
 * page: it says to scan the code with the {product} app and offers that app's APK (the PD family's download, with the
 * hosted file's version, size and SHA-256; `public/apk-downloads`). It never looks the token up, so it shows nothing
 * of the customer the code belongs to.
 */
export function EnrolPage() {
  const product = useProductName();
  const [params] = useSearchParams();
  const hasToken = Boolean(params.get('token')?.trim());
  const download = useApkDownload('PD');
  const apkLink = download.data?.apkLink ?? '';

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
      <Stack gap="md">
        <Title order={1} fz={24}>
          Enrol this device with the {product} app
        </Title>
        {hasToken ? null : (
          <Alert color="orange" icon={<IconInfoCircle size={18} />}>
            This link has no enrolment code. Scan the QR code shown in the {product} console.
          </Alert>
        )}
        <Text>
          You opened an enrolment QR code with the camera. It is meant for the {product} app, which enrols the device in
          your fleet.
        </Text>
        <List type="ordered" spacing="xs">
          <List.Item>Install the {product} app on this Android device.</List.Item>
          <List.Item>Open the app and choose to scan the QR code.</List.Item>
          <List.Item>Scan the same QR code again from the console (Dashboard or Update Profile).</List.Item>
        </List>
        {download.isPending ? (
          <Skeleton h={42} radius="md" role="status" aria-label="Loading the download link" />
        ) : download.isError ? (
          <QueryError title="The download link could not load" query={download} />
        ) : apkLink ? (
          <Stack gap="sm">
            <Button
              component="a"
              href={apkLink}
              leftSection={<IconDownload size={18} />}
              size="md"
              rel="noopener noreferrer"
              // The label wraps on a phone instead of being cut off.
              h="auto"
              py="xs"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              Download the {product} app (APK)
            </Button>
            {download.data?.version ? <ApkFileFacts version={download.data.version} /> : null}
          </Stack>
        ) : (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            The {product} app download is not published yet. Ask your administrator for the app.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Managing the fleet?{' '}
          <Anchor component={Link} to={paths.auth.login.getHref()}>
            Sign in to the console
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
