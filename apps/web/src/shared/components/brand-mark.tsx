import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobileCog } from '@tabler/icons-react';
import { useProductName } from '@/shared/lib/app-config';

interface BrandMarkProps {
  size?: 'sm' | 'md' | 'lg';
}

/** Logo mark and the white-label product name. */
export function BrandMark({ size = 'md' }: BrandMarkProps) {
  const product = useProductName();
  const icon = { sm: 30, md: 36, lg: 44 }[size];
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={icon} radius="md" variant="gradient" gradient={{ from: 'brand.5', to: 'violet.6', deg: 135 }}>
        <IconDeviceMobileCog size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 24 : size === 'md' ? 20 : 17} lts={-0.3} c="dark.8">
        {product}
      </Text>
    </Group>
  );
}
