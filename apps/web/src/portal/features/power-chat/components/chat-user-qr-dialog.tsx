import type { ChatUser } from '@fleetdeck/contract';
import { Anchor, Image, Modal, Stack, Text } from '@mantine/core';

interface ChatUserQrDialogProps {
  /** The user whose QR code is shown; null: closed. */
  user: ChatUser | null;
  onClose: () => void;
}

/** The user's sign-in QR code: scanned in the Power Chat app, which then asks for the password. */
export function ChatUserQrDialog({ user, onClose }: ChatUserQrDialogProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={<Text fw={700}>{user?.fcmData.name}</Text>} size="sm">
      {user ? (
        <Stack align="center" gap="sm">
          <Image src={user.qrCodeUrl} alt={`Sign-in QR code of ${user.fcmData.user_id}`} w={240} h={240} />
          <Text size="sm">
            User ID:{' '}
            <Text span fw={700}>
              {user.fcmData.user_id}
            </Text>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Scan this code in the Power Chat app, then enter the user&apos;s password.
          </Text>
          <Anchor href={user.qrCodeUrl} download={`power-chat-${user.fcmData.user_id}.png`} size="sm">
            Download QR code
          </Anchor>
        </Stack>
      ) : null}
    </Modal>
  );
}
