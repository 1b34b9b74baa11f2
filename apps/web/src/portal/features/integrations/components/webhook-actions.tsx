import type { WebhookEndpoint } from '@fleetdeck/contract';
import { Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent } from '../api/webhooks';
import { SecretShownOnce } from './secret-shown-once';
import { EditWebhookDialog } from './webhook-dialog';

type Asking = { kind: 'edit' | 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null;

export interface WebhookActions {
  edit: (endpoint: WebhookEndpoint) => void;
  rotate: (endpoint: WebhookEndpoint) => void;
  remove: (endpoint: WebhookEndpoint) => void;
  sendTest: (endpoint: WebhookEndpoint) => void;
  /** Whether the test event of this endpoint is on its way. */
  testing: (endpoint: WebhookEndpoint) => boolean;
  /** The dialogs the actions open: rendered once by the page. */
  dialogs: ReactNode;
}

/**
 * An endpoint's actions, the same on the list and on its page: edit, rotate the secret (asked first, then the new
 * secret this once), send a test event, delete (asked first; `onDeleted` after).
 */
export function useWebhookActions({ onDeleted }: { onDeleted?: () => void } = {}): WebhookActions {
  const [asking, setAsking] = useState<Asking>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => setAsking(null);
  const rotate = useRotateWebhookSecret({
    onSuccess: (answer) => {
      setAsking(null);
      setSecret(answer.data.secret);
    },
  });
  const remove = useDeleteWebhook({
    onSuccess: () => {
      setAsking(null);
      onDeleted?.();
    },
  });
  const test = useSendTestEvent();
  const target = asking?.endpoint;

  const dialogs = (
    <>
      <EditWebhookDialog endpoint={asking?.kind === 'edit' ? asking.endpoint : null} onClose={close} />
      <ConfirmDialog
        opened={asking?.kind === 'rotate'}
        title="Rotate the signing secret?"
        message={
          target
            ? `A new secret signs the events sent to ${target.url}: the old secret stops signing at once, so your receiver must use the new one.`
            : ''
        }
        confirmLabel="Rotate secret"
        confirmColor="red"
        loading={rotate.isPending}
        onConfirm={() => target && rotate.mutate(target._id)}
        onCancel={close}
      />
      <ConfirmDialog
        opened={asking?.kind === 'delete'}
        title="Delete this endpoint?"
        message={
          target
            ? `${target.url} gets no more events; its delivery log is deleted and deliveries not yet sent are dropped.`
            : ''
        }
        confirmLabel="Delete endpoint"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => target && remove.mutate(target._id)}
        onCancel={close}
      />
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={<Text fw={700}>New signing secret</Text>}
        size="lg"
      >
        {secret ? <SecretShownOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      </Modal>
    </>
  );

  return {
    edit: (endpoint) => setAsking({ kind: 'edit', endpoint }),
    rotate: (endpoint) => setAsking({ kind: 'rotate', endpoint }),
    remove: (endpoint) => setAsking({ kind: 'delete', endpoint }),
    sendTest: (endpoint) => test.mutate(endpoint._id),
    testing: (endpoint) => test.isPending && test.variables === endpoint._id,
    dialogs,
  };
}
