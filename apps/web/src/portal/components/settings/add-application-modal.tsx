import {
  APPLICATION_ACTIONS,
  profileApplicationCreateRequestSchema,
  type ApplicationAction,
  type PlayStoreApp,
  type ProductType,
} from '@fleetdeck/contract';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useContractForm } from '@/shared/lib/form';
import { PlayStoreSearch } from './play-store-search';
import { PackageNameInput } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';

interface AddApplicationModalProps {
  opened: boolean;
  onClose: () => void;
  target: SettingsTarget;
  productType: ProductType | undefined;
  title: string;
}

/** Adds an app to a list: pick it from the Play Store (or type its package), choose Uninstall or Clear Data. */
export function AddApplicationModal({ opened, onClose, target, productType, title }: AddApplicationModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} size="lg">
      {/* Mounted only while open, so every opening starts empty. */}
      {opened ? <AddApplicationForm target={target} productType={productType} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddApplicationForm({
  target,
  productType,
  onDone,
}: {
  target: SettingsTarget;
  productType: ProductType | undefined;
  onDone: () => void;
}) {
  const [picked, setPicked] = useState<PlayStoreApp>();
  const form = useContractForm(
    profileApplicationCreateRequestSchema,
    { appPackageName: '', status: 'Uninstall' as ApplicationAction },
    {
      labels: { appPackageName: 'Package name', status: 'Status' },
      toRequest: ({ appPackageName, status }) => {
        const fromPick = picked && picked.appId === appPackageName.trim() ? picked : undefined;
        return {
          profileId: target.id,
          appPackageName,
          appIcon: fromPick?.icon ?? '',
          status,
          appDetails: { title: fromPick?.title ?? '', icon: fromPick?.icon ?? '', appId: appPackageName.trim() },
          ...(productType ? { productType } : {}),
        };
      },
    },
  );
  const create = useTargetSave(target, 'addApplication');

  const onPick = (app: PlayStoreApp) => {
    setPicked(app);
    form.setFieldValue('appPackageName', app.appId);
    form.clearErrors();
  };

  return (
    <form
      onSubmit={form.submit((request) => create.mutate(request, { onSuccess: onDone }), create.isPending)}
      noValidate
      aria-label="Add application"
    >
      <Stack gap="md">
        <PlayStoreSearch selected={picked?.appId} onPick={onPick} />
        <PackageNameInput
          placeholder="com.example.app"
          description="Filled in when you pick an app above."
          {...form.getInputProps('appPackageName')}
        />
        <NativeSelect label="Status" size="sm" {...form.getInputProps('status')} data={[...APPLICATION_ACTIONS]} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
