import { Avatar } from '@mantine/core';
import { IconBrandAndroid } from '@tabler/icons-react';

/** An app's icon, or the Android head when there is none (or it does not load). */
export function AppIcon({ src, name, size = 32 }: { src: string | null | undefined; name: string; size?: number }) {
  return (
    <Avatar src={src || null} alt="" size={size} radius="sm" color="green" aria-hidden title={name}>
      <IconBrandAndroid size={Math.round(size * 0.6)} />
    </Avatar>
  );
}
