import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_MAX_ATTEMPTS,
  webhookDeliveriesQuerySchema,
  webhookIdSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@fleetdeck/contract';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/portal/config/paths';
import { buttonColumn, statusColumn, textColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DetailPage, DetailSummary } from '@/shared/components/detail-page';
import { allSelect, ListPage } from '@/shared/components/list-page';
import { formatDateTime } from '@/shared/lib/format';
import { useListSearch } from '@/shared/lib/list-search';
import { statusChoices } from '@/shared/lib/status';
import { useRetryDelivery, useWebhook, useWebhookDeliveries } from '../api/webhooks';
import { useWebhookActions, type WebhookActions } from '../components/webhook-actions';
import { EndpointState, EventBadges } from '../components/webhook-cells';
import { DELIVERY_STATES } from '../components/webhook-words';

function EndpointSummary({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: WebhookActions }) {
  return (
    <DetailSummary
      title={<span style={{ wordBreak: 'break-all' }}>{endpoint.url}</span>}
      badges={<EndpointState endpoint={endpoint} />}
      actions={
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => actions.edit(endpoint)}>
            Edit
          </Button>
          <Button
            variant="default"
            leftSection={<IconSend size={16} />}
            loading={actions.testing(endpoint)}
            onClick={() => actions.sendTest(endpoint)}
          >
            Send test event
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => actions.rotate(endpoint)}>
            Rotate secret
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => actions.remove(endpoint)}
          >
            Delete
          </Button>
        </Group>
      }
    >
      {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
      <EventBadges events={endpoint.events} all />
      <Text size="sm" c="dimmed">
        Signing secret <Code>{`${endpoint.secretPrefix}…`}</Code>
        {` · added ${formatDateTime(endpoint.createdAt)}`}
        {` · last success ${endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : 'never'}`}
        {endpoint.failingSince ? ` · failing since ${formatDateTime(endpoint.failingSince)}` : ''}
      </Text>
    </DetailSummary>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const list = useListSearch(webhookDeliveriesQuerySchema);
  const deliveries = useWebhookDeliveries(endpoint._id, list.query);
  const retry = useRetryDelivery();
  const columns: DataTableColumn<WebhookDelivery>[] = [
    textColumn('event', 'Event', 150, (d) => d.event, { fw: 600 }),
    statusColumn('state', 'State', 140, (d) => DELIVERY_STATES[d.state]),
    textColumn('attempts', 'Attempts', 85, (d) => `${d.attempts} of ${WEBHOOK_MAX_ATTEMPTS}`),
    textColumn('lastStatus', 'Last status', 90, (d) => (d.lastStatus === null ? 'No answer' : String(d.lastStatus))),
    textColumn('lastResponse', 'Last response', 175, (d) => d.lastResponse ?? '-', {
      lineClamp: 3,
      style: { wordBreak: 'break-word', fontFamily: 'var(--mantine-font-family-monospace)' },
    }),
    textColumn('lastAttemptAt', 'Last attempt', 135, (d) => formatDateTime(d.lastAttemptAt)),
    textColumn('nextRetryAt', 'Next retry', 135, (d) => formatDateTime(d.nextRetryAt)),
    buttonColumn(105, (d) => ({
      text: 'Retry now',
      label: `Retry ${d.event} of ${formatDateTime(d.createdAt)} now`,
      variant: 'default',
      loading: retry.isPending && retry.variables?.deliveryId === d._id,
      onClick: () => retry.mutate({ id: endpoint._id, deliveryId: d._id }),
    })),
  ];
  return (
    <ListPage
      noun="deliveries"
      label="Delivery log"
      search={list}
      result={deliveries}
      columns={columns}
      filters={[allSelect('state', 'State', statusChoices(WEBHOOK_DELIVERY_STATES, DELIVERY_STATES), 160)]}
      emptyMessage="No deliveries yet. Send a test event to see one here."
    />
  );
}

function WebhookView({ endpoint }: { endpoint: WebhookEndpoint | null }) {
  const navigate = useNavigate();
  const actions = useWebhookActions({ onDeleted: () => void navigate(paths.portal.webhooks.getHref()) });
  if (!endpoint)
    return <Text c="dimmed">This endpoint does not exist (any more). Choose one from the Webhooks page.</Text>;
  return (
    <Stack gap="md">
      <EndpointSummary endpoint={endpoint} actions={actions} />
      <Deliveries endpoint={endpoint} />
      {actions.dialogs}
    </Stack>
  );
}

/** `/webhook-detail?id=`: an endpoint (state, events, secret's first characters) and its delivery log with Retry. */
export function WebhookDetailPage() {
  return (
    <DetailPage
      back={{ to: paths.portal.webhooks.getHref(), label: 'Webhooks' }}
      idSchema={webhookIdSchema}
      useRecord={useWebhook}
      noun="webhook"
    >
      {(endpoint) => <WebhookView endpoint={endpoint} />}
    </DetailPage>
  );
}
