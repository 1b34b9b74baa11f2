import {
  API_KEY_PREFIX,
  API_KEY_SCOPE_DESCRIPTIONS,
  API_KEY_SCOPES,
  apiKeyCreateRequestSchema,
  type ApiKeyScope,
} from '@fleetdeck/contract';
import { Code, Modal, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { BoundTextInput } from '@/shared/components/form-fields';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { useCreateApiKey } from '../api/api-keys';
import { ChoiceCheckboxes } from './choice-checkboxes';
import { ShownOnce } from './shown-once';

type KeyValues = { name: string; scopes: ApiKeyScope[]; expiresAt: string };

/** A key's expiry from the date chosen (`YYYY-MM-DD`): the end of that day where the person is; none when blank. */
export const expiryOf = (date: string): string | undefined =>
  date ? dayjs(date).endOf('day').toISOString() : undefined;

/**
 * "Create API key": a name, its scopes (with what each opens) and an optional expiry date; the answer's key is then
 * shown this once, with a copy button, until Done.
 */
export function CreateApiKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{created ? `API key "${created.name}"` : 'Create API key'}</Text>}
      size="lg"
    >
      {created ? (
        <ShownOnce label="Your new API key" value={created.key} what="key" onDone={close}>
          Your systems send it as <Code>authorization: Bearer {API_KEY_PREFIX}…</Code> to the Fleetdeck API.
        </ShownOnce>
      ) : (
        <CreateApiKeyForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: { name: string; key: string }) => void;
  onCancel: () => void;
}) {
  const form = useContractForm(apiKeyCreateRequestSchema, { name: '', scopes: [], expiresAt: '' } as KeyValues, {
    labels: { name: 'Name', scopes: 'Scopes', expiresAt: 'Expiry date' },
    toRequest: (v) => ({ name: v.name.trim(), scopes: v.scopes, expiresAt: expiryOf(v.expiresAt) }),
  });
  const create = useCreateApiKey({
    onSuccess: (answer) => onCreated({ name: answer.data.name, key: answer.data.key }),
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <MutationForm
      form={form}
      mutation={create}
      submitLabel="Create API key"
      cancel={{ onClick: onCancel }}
      label="Create API key"
    >
      <BoundTextInput
        form={form}
        field="name"
        label="Name"
        description="What it is for, e.g. “Ticketing system”."
        withAsterisk
        maxLength={100}
        data-autofocus
      />
      <ChoiceCheckboxes
        label="Scopes"
        description="What the key may do. Team, API key, webhook and payment calls are never open to keys."
        groups={[{ choices: API_KEY_SCOPES }]}
        descriptions={API_KEY_SCOPE_DESCRIPTIONS}
        {...form.getInputProps('scopes')}
      />
      <TextInput
        type="date"
        label="Expiry date"
        description="The key stops working at the end of this day. Blank: it never expires."
        min={dayjs().format('YYYY-MM-DD')}
        w={{ base: '100%', xs: 220 }}
        {...form.getInputProps('expiresAt')}
      />
    </MutationForm>
  );
}
