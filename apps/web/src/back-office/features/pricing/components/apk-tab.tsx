import { FAMILIES, familyDisplayName, parseApkDownloadPath, type Family } from '@fleetdeck/contract';
import { apkListQuerySchema, type StaffApkVersion, type StaffPrice } from '@fleetdeck/contract/staff';
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { twoLineColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { ListPage } from '@/shared/components/list-page';
import { ApiError, errorMessage } from '@/shared/lib/api-client';
import { useProductName } from '@/shared/lib/app-config';
import { serverFieldErrors } from '@/shared/lib/form';
import { formatBytes, formatDateTime } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-search';
import { useApkList, useUploadApk } from '../api/apks';
import { usePriceList } from '../api/price-list';

const familyOptions = (product: string) => FAMILIES.map((f) => ({ value: f, label: familyDisplayName(f, product) }));

/** Which link the family's download uses now: its hosted APK, an external link typed in pricing edit, or none. */
function linkInUse(family: Family, prices: StaffPrice[] | undefined): 'hosted' | 'external' | 'none' | null {
  const plan = prices?.find((p) => p.identifier === family);
  if (!plan) return null;
  const link = plan.apkLink.trim();
  if (!link) return 'none';
  const path = URL.canParse(link) ? parseApkDownloadPath(new URL(link).pathname) : null;
  return path?.family === family ? 'hosted' : 'external';
}

interface Sent {
  version: StaffApkVersion;
  link: ReturnType<typeof linkInUse>;
}

/**
 * The upload form: the app, the APK file (checked against APK_MAX_MB before sending), a progress bar with Cancel
 * while it uploads, the server's refusals under their field, and what was read from the APK once stored.
 */
function ApkUploadForm({ maxBytes }: { maxBytes: number | undefined }) {
  const product = useProductName();
  const prices = usePriceList();
  const [family, setFamily] = useState<Family | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ family?: string; file?: string; form?: string }>({});
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadApk({
    onSuccess: (answer) => {
      setSent({ version: answer.data, link: null });
      setFile(null);
    },
    onError: (error) => {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setErrors({ form: 'Upload cancelled: nothing was saved.' });
        return;
      }
      const byField = serverFieldErrors(error);
      const message = errorMessage(error);
      // A 413 without fields comes from a proxy in front: it is still about the file.
      const tooLarge = error instanceof ApiError && error.status === 413;
      if (byField.family) setErrors({ family: message });
      else if (byField.file || tooLarge) setErrors({ file: message });
      else setErrors({ form: message });
    },
    onSettled: () => setProgress(null),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    const found: typeof errors = {};
    if (!family) found.family = 'Choose the app';
    if (!file) found.file = 'Choose the APK file';
    else if (file.size === 0) found.file = 'This file is empty';
    else if (maxBytes !== undefined && file.size > maxBytes) {
      found.file = `The APK is ${formatBytes(file.size)}: at most ${formatBytes(maxBytes)} can be uploaded (APK_MAX_MB)`;
    }
    setErrors(found);
    setSent(null);
    if (found.family || found.file || !family || !file) return;
    abort.current = new AbortController();
    setProgress({ sent: 0, total: file.size });
    upload.mutate({
      family,
      file,
      signal: abort.current.signal,
      onProgress: (done, total) => setProgress({ sent: done, total }),
    });
  };

  // The link in use is read from the prices as they are after the upload (they are read again on success).
  const link = sent ? linkInUse(sent.version.family, prices.data?.data.recurringPriceList) : null;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <form onSubmit={submit} noValidate aria-label="Upload an APK">
        <Stack gap="sm">
          <Title order={2} fz="md">
            Upload an APK
          </Title>
          <Text size="sm" c="dimmed">
            The version is read from the APK. Each version code is uploaded once per app; the app&apos;s plans then
            download the highest version code, unless an external APK link is set in pricing edit.
          </Text>
          <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Select
              label="App"
              placeholder="Choose the app"
              data={familyOptions(product)}
              value={family}
              onChange={(v) => {
                setFamily(v as Family | null);
                setErrors((e) => ({ ...e, family: undefined }));
              }}
              error={errors.family}
              disabled={upload.isPending}
              allowDeselect={false}
              miw={200}
              withAsterisk
            />
            <FileInput
              label="APK file"
              placeholder="app-release.apk"
              accept=".apk,application/vnd.android.package-archive"
              value={file}
              onChange={(f) => {
                setFile(f);
                setErrors((e) => ({ ...e, file: undefined, form: undefined }));
              }}
              error={errors.file}
              description={maxBytes !== undefined ? `At most ${formatBytes(maxBytes)}.` : undefined}
              disabled={upload.isPending}
              clearable
              miw={220}
              withAsterisk
            />
          </Group>
          {progress ? (
            <Stack gap={4}>
              <Progress value={percent} animated aria-label="Upload progress" />
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {percent < 100
                    ? `Uploading… ${percent}% (${formatBytes(progress.sent)} of ${formatBytes(progress.total)})`
                    : 'Checking the APK…'}
                </Text>
                <Button size="xs" variant="subtle" color="red" onClick={() => abort.current?.abort()}>
                  Cancel upload
                </Button>
              </Group>
            </Stack>
          ) : null}
          {errors.form ? (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          {sent ? (
            <Alert color="green" variant="light" title="APK uploaded" role="status">
              <Stack gap={4}>
                <Text size="sm">
                  {familyDisplayName(sent.version.family, product)} {sent.version.versionName || ''} (version code{' '}
                  {sent.version.versionCode}), {formatBytes(sent.version.sizeBytes)}.
                </Text>
                {link === 'external' ? (
                  <Text size="sm">
                    This app&apos;s plans keep their external APK link (set in pricing edit): clear it there to offer
                    this upload.
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Pricing → APKs (DECISIONS §14): the upload form and every uploaded version, newest first, by app. */
export function ApkTab() {
  const product = useProductName();
  const list = useListQuery(apkListQuerySchema, useApkList);
  const columns = useMemo<DataTableColumn<StaffApkVersion>[]>(
    () => [
      { key: 'family', header: 'App', render: (v) => familyDisplayName(v.family, product), width: 140 },
      twoLineColumn('version', 'Version', 110, (v) => ({
        main: v.versionName || '-',
        detail: `code ${v.versionCode}`,
      })),
      { key: 'size', header: 'Size', render: (v) => formatBytes(v.sizeBytes), width: 90 },
      {
        key: 'sha256',
        header: 'SHA-256',
        render: (v) => (
          <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} fz="xs">
            {v.sha256}
          </Code>
        ),
        width: 260,
      },
      { key: 'uploadedBy', header: 'Uploaded By', render: (v) => v.uploadedBy || '-', width: 170 },
      { key: 'created_at', header: 'Uploaded On', render: (v) => formatDateTime(v.created_at), width: 150 },
      {
        key: 'download',
        header: 'Download',
        render: (v) => (
          <Anchor
            href={v.downloadUrl}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            aria-label={`Download ${familyDisplayName(v.family, product)} version code ${v.versionCode}`}
          >
            <IconDownload size={14} /> APK
          </Anchor>
        ),
        width: 90,
      },
    ],
    [product],
  );
  return (
    <ListPage
      noun="uploaded APKs"
      {...list}
      columns={columns}
      emptyMessage="No APK uploaded yet."
      header={<ApkUploadForm maxBytes={list.result.data?.maxUploadBytes} />}
      filters={[
        {
          kind: 'select',
          key: 'family',
          label: 'Versions of',
          placeholder: 'All apps',
          data: familyOptions(product),
          w: 220,
        },
      ]}
    />
  );
}
