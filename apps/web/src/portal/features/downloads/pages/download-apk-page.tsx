import { Card, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ApkDownloads, parseApkApp, type ApkApp } from '@/portal/components/apk-downloads';

/** /download-apk (spec 1 §2): the Download APK content as a page; `?app=PC` selects that app's tab. */
export function DownloadApkPage() {
  const [params, setParams] = useSearchParams();
  const app = parseApkApp(params.get('app')) ?? 'PD';

  const select = (next: ApkApp) => {
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        updated.set('app', next);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <Card padding="xl">
      <Text fw={700} size="lg">
        Install the apps on your devices
      </Text>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Pick an app, then scan its QR code with the Android device or open the download link on it.
      </Text>
      <ApkDownloads value={app} onChange={select} />
    </Card>
  );
}
