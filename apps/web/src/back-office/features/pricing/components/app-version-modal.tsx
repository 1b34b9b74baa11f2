import { Button, Group, Loader, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PlanCode } from '@fleetdeck/contract';
import type { AppVersionConfig, StaffPrice } from '@fleetdeck/contract/staff';
import { useAppVersion, useUpdateAppVersion } from '../api/app-version';

/** 'Configure App Version' (spec 3 "Pricing list"): Min Version Code, Message, Force Update, Close and Save. */
export function AppVersionModal({ price, onClose }: { price: StaffPrice | null; onClose: () => void }) {
  const planIdentifier = (price?.identifier ?? null) as PlanCode | null;
  const current = useAppVersion(planIdentifier);
  return (
    <Modal
      opened={price !== null}
      onClose={onClose}
      title={<Text fw={700}>Configure App Version{price ? ` — ${price.name}` : ''}</Text>}
    >
      {current.isPending || !planIdentifier ? (
        <Loader size="sm" aria-label="Loading the app version" />
      ) : (
        <AppVersionForm
          key={planIdentifier}
          planIdentifier={planIdentifier}
          config={current.data?.data ?? null}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AppVersionForm({
  planIdentifier,
  config,
  onClose,
}: {
  planIdentifier: PlanCode;
  config: AppVersionConfig | null;
  onClose: () => void;
}) {
  const [code, setCode] = useState<number | string>(config?.minAppVersionCode ?? '');
  const [message, setMessage] = useState(config?.message ?? '');
  const [forceUpdate, setForceUpdate] = useState(config?.forceUpdate ?? false);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateAppVersion({
    onSuccess: () => onClose(),
  });
  const submit = () => {
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0) {
      setError('Min Version Code must be a whole number');
      return;
    }
    save.mutate({ planIdentifier, minAppVersionCode: code, message, forceUpdate });
  };
  return (
    <Stack gap="md">
      <NumberInput
        label="Min Version Code"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(null);
        }}
        error={error}
        description="Devices reporting a lower appVersionCode are told to update."
      />
      <Textarea
        label="Message"
        maxLength={500}
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <Switch label="Force Update" checked={forceUpdate} onChange={(e) => setForceUpdate(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
