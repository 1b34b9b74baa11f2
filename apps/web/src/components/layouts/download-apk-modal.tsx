import { Center, Modal, ScrollArea, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useProductName } from '@/lib/app-config';

interface DownloadApkModalProps {
  opened: boolean;
  onClose: () => void;
}

/** One tab per app. The QR code and link per app come with the licences feature (`users/download/sdk`). */
export function DownloadApkModal({ opened, onClose }: DownloadApkModalProps) {
  const product = useProductName();
  const apps = [
    { value: 'PD', label: product },
    { value: 'PC', label: 'Power Cleaner' },
    { value: 'KM', label: 'Key Mapper' },
    { value: 'UB', label: 'URL Blocker' },
    { value: 'POB', label: 'Power on Boot' },
    { value: 'PCHAT', label: 'Power Chat' },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Download APK</Text>} size="lg">
      <Tabs defaultValue="PD" keepMounted={false}>
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {apps.map((app) => (
              <Tabs.Tab key={app.value} value={app.value} style={{ whiteSpace: 'nowrap' }}>
                {app.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {apps.map((app) => (
          <Tabs.Panel key={app.value} value={app.value} pt="lg">
            <Stack align="center" gap="sm" ta="center" py="md">
              <Center
                w={168}
                h={168}
                style={{
                  border: '2px dashed var(--mantine-color-gray-3)',
                  borderRadius: 'var(--mantine-radius-lg)',
                }}
              >
                <ThemeIcon size={72} variant="light" color="gray" radius="md">
                  <IconQrcode size={48} stroke={1.3} />
                </ThemeIcon>
              </Center>
              <Text fw={600}>{app.label} for Android</Text>
              <Text c="dimmed" size="sm" maw={380}>
                The download link and QR code for this app arrive with the licences feature. Scan the QR code with a
                device to install the app directly.
              </Text>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
