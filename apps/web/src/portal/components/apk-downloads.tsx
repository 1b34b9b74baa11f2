import { familyDisplayName, type Family } from '@fleetdeck/contract';
import { Anchor, Center, Image, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadSdk, type DownloadSdk } from '@/portal/api/download-sdk';
import { ApkFileFacts } from '@/portal/components/apk-file-facts';
import { QueryError } from '@/shared/components/query-view';
import { useProductName } from '@/shared/lib/app-config';

/**
 * The apps of the Download APK tabs: spec 1 §2's order, with every other family sold (DECISIONS §14: the Owner App and
 * Super Lock) after {product}.
 */
export const APK_APPS = ['PD', 'PDOW', 'SL', 'PC', 'KM', 'UB', 'POB', 'PCHAT'] as const satisfies readonly Family[];
export type ApkApp = (typeof APK_APPS)[number];

const DETAIL_KEY: Record<ApkApp, keyof DownloadSdk> = {
  PD: 'pdPriceDetail',
  PDOW: 'pdowPriceDetail',
  SL: 'slPriceDetail',
  PC: 'pcPriceDetail',
  KM: 'kmPriceDetail',
  UB: 'ubPriceDetail',
  POB: 'pobPriceDetail',
  PCHAT: 'powerChatPriceDetail',
};

/** Spec 1 §2 writes this modal's tab as "Power on Boot" (elsewhere the app is "Power On Boot"). */
const APK_TAB_LABELS: Partial<Record<Family, string>> = { POB: 'Power on Boot' };

/** Tab label of an app: its family's label from the contract, but where spec 1 §2 names the tab otherwise. */
export const apkAppLabel = (app: ApkApp, product: string): string =>
  APK_TAB_LABELS[app] ?? familyDisplayName(app, product);

/** `?app=pc` → `PC`; anything unknown → null. */
export const parseApkApp = (value: string | null | undefined): ApkApp | null => {
  const upper = value?.trim().toUpperCase();
  return (APK_APPS as readonly string[]).includes(upper ?? '') ? (upper as ApkApp) : null;
};

const QR_SIZE = 200;

function QrImage({ src, label }: { src: string; label: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <Stack w={QR_SIZE} h={QR_SIZE} justify="center" align="center" bg="gray.0" style={{ borderRadius: 12 }}>
        <Text size="sm" c="dimmed" ta="center" px="md">
          The QR code could not be loaded. Use the download link below.
        </Text>
      </Stack>
    );
  }
  return (
    <Image
      src={src}
      alt={`QR code to download the ${label} APK`}
      w={QR_SIZE}
      h={QR_SIZE}
      fit="contain"
      radius="md"
      onError={() => setFailedSrc(src)}
      style={{ border: '1px solid var(--mantine-color-gray-2)', background: 'white' }}
    />
  );
}

interface ApkDownloadsProps {
  /** Selected tab (controlled). Without it the first app is selected. */
  value?: ApkApp;
  onChange?: (app: ApkApp) => void;
  /** Only fetch when shown (the modal passes its `opened`). */
  enabled?: boolean;
}

/** One tab per app with the QR code of its APK and a download link (top-bar modal and /download-apk). */
export function ApkDownloads({ value, onChange, enabled = true }: ApkDownloadsProps) {
  const product = useProductName();
  const sdk = useDownloadSdk({ enabled });
  const [uncontrolled, setUncontrolled] = useState<ApkApp>('PD');
  const active = value ?? uncontrolled;

  const select = (next: string | null) => {
    const app = parseApkApp(next);
    if (!app) return;
    setUncontrolled(app);
    onChange?.(app);
  };

  return (
    <Tabs value={active} onChange={select} keepMounted={false}>
      {/* Eight apps: the list wraps (a scrolled strip hid Power Chat at every width). */}
      <Tabs.List style={{ flexWrap: 'wrap', rowGap: 4 }} aria-label="Apps">
        {APK_APPS.map((app) => (
          <Tabs.Tab key={app} value={app} style={{ whiteSpace: 'nowrap' }}>
            {apkAppLabel(app, product)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {APK_APPS.map((app) => {
        const label = apkAppLabel(app, product);
        const detail = sdk.data?.[DETAIL_KEY[app]];
        return (
          <Tabs.Panel key={app} value={app} pt="lg">
            <Stack align="center" gap="sm" ta="center" py="md">
              {sdk.isError ? (
                <QueryError title="The download details could not load" query={sdk} w="100%" ta="left" />
              ) : !detail ? (
                <Stack align="center" gap="sm" role="status" aria-busy="true" aria-label={`Loading ${label} download`}>
                  <Skeleton w={QR_SIZE} h={QR_SIZE} radius="md" />
                  <Skeleton w={180} h={14} />
                </Stack>
              ) : !detail.apkLink ? (
                <>
                  <Text fw={600}>{label} for Android</Text>
                  <Text c="dimmed" size="sm" maw={380}>
                    Not published yet. The download link and its QR code appear here as soon as the app is released.
                  </Text>
                </>
              ) : (
                <>
                  <Center>
                    <QrImage src={detail.apkLinkQrCode} label={label} />
                  </Center>
                  <Text fw={600}>{label} for Android</Text>
                  <Text c="dimmed" size="sm" maw={380}>
                    Scan the QR code with an Android device to install the app directly, or download the APK.
                  </Text>
                  <Anchor
                    href={detail.apkLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    fw={600}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                  >
                    <IconDownload size={16} />
                    Click here to download APK
                  </Anchor>
                  {detail.version ? <ApkFileFacts version={detail.version} /> : null}
                </>
              )}
            </Stack>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
