import {
  APPLICATION_ACTIONS,
  profileApplicationCreateRequestSchema,
  type ApplicationAction,
  type PlayStoreApp,
  type ProductType,
} from '@fleetdeck/contract';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCreateProfileApplication } from '../api/create-profile-application';
import { useContractForm } from '@/shared/lib/form';
import { PlayStoreSearch } from '@/portal/components/settings/play-store-search';
import { PackageNameInput } from '@/portal/components/settings/tab-form';

interface AddApplicationModalProps {
  opened: boolean;
  onClose: () => void;
  profileId: string;
  productType: ProductType | undefined;
  title: string;
}

/** Adds an app to a list: pick it from the Play Store (or type its package), choose Uninstall or Clear Data. */
export function AddApplicationModal({ opened, onClose, profileId, productType, title }: AddApplicationModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} size="lg">
      {/* Mounted only while open, so every opening starts empty. */}
      {opened ? <AddApplicationForm profileId={profileId} productType={productType} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddApplicationForm({
  profileId,
  productType,
  onDone,
}: {
  profileId: string;
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
          profileId,
          appPackageName,
          appIcon: fromPick?.icon ?? '',
          status,
          appDetails: { title: fromPick?.title ?? '', icon: fromPick?.icon ?? '', appId: appPackageName.trim() },
          ...(productType ? { productType } : {}),
        };
      },
    },
  );
  const create = useCreateProfileApplication({ onSuccess: onDone });

  const onPick = (app: PlayStoreApp) => {
    setPicked(app);
    form.setFieldValue('appPackageName', app.appId);
    form.clearErrors();
  };

  return (
    <form
      onSubmit={form.submit((request) => create.mutate(request), create.isPending)}
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
