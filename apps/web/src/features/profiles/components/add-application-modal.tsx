import {
  APPLICATION_ACTIONS,
  profileApplicationCreateRequestSchema,
  type ApplicationAction,
  type PlayStoreApp,
  type ProductType,
} from '@fleetdeck/contract';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreateProfileApplication } from '../api/create-profile-application';
import { fieldMessage, validate, type FieldErrors } from '@/lib/form';
import { PlayStoreSearch } from './play-store-search';

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
  const [packageName, setPackageName] = useState('');
  const [status, setStatus] = useState<ApplicationAction>('Uninstall');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProfileApplication({ onSuccess: onDone });

  const onPick = (app: PlayStoreApp) => {
    setPicked(app);
    setPackageName(app.appId);
    setErrors({});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const fromPick = picked && picked.appId === packageName.trim() ? picked : undefined;
    const checked = validate(profileApplicationCreateRequestSchema, {
      profileId,
      appPackageName: packageName,
      appIcon: fromPick?.icon ?? '',
      status,
      appDetails: { title: fromPick?.title ?? '', icon: fromPick?.icon ?? '', appId: packageName.trim() },
      ...(productType ? { productType } : {}),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add application">
      <Stack gap="md">
        <PlayStoreSearch selected={picked?.appId} onPick={onPick} />
        <TextInput
          label="Package name"
          placeholder="com.example.app"
          description="Filled in when you pick an app above."
          value={packageName}
          onChange={(e) => {
            setPackageName(e.currentTarget.value);
            setErrors({});
          }}
          error={fieldMessage('Package name', errors.appPackageName)}
          size="sm"
        />
        <NativeSelect
          label="Status"
          size="sm"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as ApplicationAction)}
          data={[...APPLICATION_ACTIONS]}
          error={fieldMessage('Status', errors.status)}
        />
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
