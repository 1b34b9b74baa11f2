import { Button, Group, Loader, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PlanCode } from '@fleetdeck/contract';
import { MAX_VERSION_CODE, type AppVersionConfig, type StaffPrice } from '@fleetdeck/contract/staff';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { useAppVersion, useUpdateAppVersion } from '../api/app-version';

/** Android version codes: whole, 1 to 2,100,000,000 (the server refuses the same). */
const VERSION_RULES = { kind: 'whole', min: 1, max: MAX_VERSION_CODE } as const;

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
        <Loader size="sm" role="status" aria-label="Loading the app version" />
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
  // The code as typed: "-5" or "1.5" is refused at the field, never saved as something else.
  const [code, setCode] = useState(config ? String(config.minAppVersionCode) : '');
  const [message, setMessage] = useState(config?.message ?? '');
  const [forceUpdate, setForceUpdate] = useState(config?.forceUpdate ?? false);
  const [tried, setTried] = useState(false);
  const checked = checkNumber(code, VERSION_RULES);
  const save = useUpdateAppVersion({
    onSuccess: () => onClose(),
  });
  const submit = () => {
    setTried(true);
    if (checked.value === null) return;
    save.mutate({ planIdentifier, minAppVersionCode: checked.value, message, forceUpdate });
  };
  return (
    <Stack gap="md">
      <NumberField
        label="Min Version Code"
        {...VERSION_RULES}
        value={code}
        onChange={setCode}
        error={tried ? checked.error : null}
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
