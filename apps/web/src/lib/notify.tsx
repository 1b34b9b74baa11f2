import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@/config/constants';

export const notifySuccess = (message: string): void => {
  notifications.show({
    color: 'green',
    icon: <IconCheck size={18} />,
    message,
    autoClose: SUCCESS_TOAST_MS,
  });
};

export const notifyError = (message: string): void => {
  notifications.show({
    color: 'red',
    icon: <IconX size={18} />,
    message,
    autoClose: ERROR_TOAST_MS,
  });
};
