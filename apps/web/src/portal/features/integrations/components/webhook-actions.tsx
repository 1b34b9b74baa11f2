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

  /** The red confirmation of `kind` on the endpoint asked about: `mutation` runs on its id once confirmed. */
  const confirmOnTarget = (
    kind: 'rotate' | 'delete',
    title: string,
    message: (endpoint: WebhookEndpoint) => string,
    confirmLabel: string,
    mutation: { isPending: boolean; mutate: (id: string) => void },
  ) => (
    <ConfirmDialog
      opened={asking?.kind === kind}
      title={title}
      message={target ? message(target) : ''}
      confirmLabel={confirmLabel}
      confirmColor="red"
      loading={mutation.isPending}
      onConfirm={() => target && mutation.mutate(target._id)}
      onCancel={close}
    />
  );

  const dialogs = (
    <>
      <EditWebhookDialog endpoint={asking?.kind === 'edit' ? asking.endpoint : null} onClose={close} />
      {confirmOnTarget(
        'rotate',
        'Rotate the signing secret?',
        (t) =>
          `A new secret signs the events sent to ${t.url}: the old secret stops signing at once, so your receiver must use the new one.`,
        'Rotate secret',
        rotate,
      )}
      {confirmOnTarget(
        'delete',
        'Delete this endpoint?',
        (t) => `${t.url} gets no more events; its delivery log is deleted and deliveries not yet sent are dropped.`,
        'Delete endpoint',
        remove,
      )}
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
