import { Modal, Text } from '@mantine/core';
import { ApkDownloads } from '../apk-downloads';

interface DownloadApkModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Top-bar Download APK modal (spec 1 §2): one tab per app with its QR code and download link. */
export function DownloadApkModal({ opened, onClose }: DownloadApkModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Download APK</Text>} size="lg">
      <ApkDownloads enabled={opened} />
    </Modal>
  );
}
