import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  webhookCreateRequestSchema,
  webhookUpdateRequestSchema,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@fleetdeck/contract';
import { Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { BoundTextInput, type BoundForm } from '@/shared/components/form-fields';
import { MutationForm } from '@/shared/components/mutation-form';
import { useContractForm } from '@/shared/lib/form';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { ChoiceCheckboxes } from './choice-checkboxes';
import { SecretShownOnce } from './secret-shown-once';
import { EVENT_GROUPS } from './webhook-words';

type EndpointValues = { url: string; events: WebhookEvent[]; description: string; enabled: boolean };
const labels = { url: 'URL', events: 'Events', description: 'Description' };

/** The fields of both forms: URL, events (grouped, each with what it means), description. */
function EndpointFields({ form }: { form: BoundForm<'url' | 'events' | 'description'> }) {
  return (
    <>
      <BoundTextInput
        form={form}
        field="url"
        label="URL"
        description="Where we POST the events: an https address reachable from the internet."
        placeholder="https://example.com/fleetdeck/webhooks"
        inputMode="url"
        autoComplete="off"
        withAsterisk
        maxLength={2000}
        data-autofocus
      />
      <ChoiceCheckboxes
        label="Events"
        description="What this endpoint is sent."
        groups={EVENT_GROUPS}
        descriptions={WEBHOOK_EVENT_DESCRIPTIONS}
        {...form.getInputProps('events')}
      />
      <BoundTextInput form={form} field="description" label="Description" maxLength={200} />
    </>
  );
}

const requestOf = (v: EndpointValues) => ({ url: v.url.trim(), events: v.events, description: v.description.trim() });

/** "Add endpoint": the form, then the new endpoint's signing secret this once. */
export function CreateWebhookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={700}>{secret ? 'Signing secret' : 'Add endpoint'}</Text>}
      size="lg"
    >
      {secret ? (
        <SecretShownOnce secret={secret} onDone={close} />
      ) : (
        <CreateWebhookForm onCreated={setSecret} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateWebhookForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const form = useContractForm(
    webhookCreateRequestSchema,
    { url: '', events: [], description: '', enabled: true } as EndpointValues,
    { labels, toRequest: requestOf },
  );
  const create = useCreateWebhook({
    onSuccess: (answer) => onCreated(answer.data.secret),
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <MutationForm
      form={form}
      mutation={create}
      submitLabel="Add endpoint"
      cancel={{ onClick: onCancel }}
      label="Add endpoint"
    >
      <EndpointFields form={form} />
    </MutationForm>
  );
}

/** "Edit endpoint": URL, events, description, and the switch that turns it off or back on. */
export function EditWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={<Text fw={700}>Edit endpoint</Text>} size="lg">
      {endpoint ? <EditWebhookForm key={endpoint._id} endpoint={endpoint} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditWebhookForm({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const form = useContractForm(
    webhookUpdateRequestSchema,
    { url: endpoint.url, events: [...endpoint.events], description: endpoint.description, enabled: endpoint.enabled },
    { labels, toRequest: (v) => ({ ...requestOf(v), enabled: v.enabled }) },
  );
  const update = useUpdateWebhook({ onSuccess: onClose, onError: (error) => form.setServerErrors(error) });
  return (
    <MutationForm
      form={form}
      mutation={{ isPending: update.isPending, mutate: (request) => update.mutate({ id: endpoint._id, ...request }) }}
      cancel={{ onClick: onClose }}
      label="Edit endpoint"
    >
      <EndpointFields form={form} />
      <Switch
        label="Enabled"
        description={
          endpoint.enabled
            ? 'Off: no events are sent to it until it is turned on again.'
            : (endpoint.disabledReason ?? 'Off: turn it on to send events to it again.')
        }
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </MutationForm>
  );
}
