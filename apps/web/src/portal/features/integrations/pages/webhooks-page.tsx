import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_DISABLE_AFTER_DAYS, type WebhookEndpoint } from '@fleetdeck/contract';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails, IconPencil, IconPlus, IconRefresh, IconSend } from '@tabler/icons-react';
import { paths } from '@/portal/config/paths';
import { browserPage } from '@/portal/lib/browser-paging';
import { actionsColumn, textColumn, twoLineColumn } from '@/shared/components/columns';
import type { DataTableColumn } from '@/shared/components/data-table';
import { DeleteAction } from '@/shared/components/delete-action';
import { IconButton, IconLink } from '@/shared/components/icon-action';
import { ListPage } from '@/shared/components/list-page';
import { formatDateTime } from '@/shared/lib/format';
import { pagingQuerySchema, useListSearch } from '@/shared/lib/list-search';
import { useWebhooks } from '../api/webhooks';
import { useWebhookActions } from '../components/webhook-actions';
import { EndpointState, EventBadges } from '../components/webhook-cells';
import { CreateWebhookDialog } from '../components/webhook-dialog';

/** What an endpoint is, said in place of the list while there is none. */
export const WEBHOOKS_EMPTY =
  'No endpoints yet. An endpoint is an https address of yours that we send events to as they happen (a device ' +
  'enrolled, a command failed, a payment succeeded…), each signed with the endpoint’s secret so your receiver can ' +
  'check it came from us.';

/**
 * `/webhooks` (DECISIONS §13; `account.write`: Owners and Admins): the account's endpoints (URL, events, state with
 * the reason it is off, failing since, last success), each with its delivery log, edit, test event, secret rotation
 * and delete; a new endpoint's secret shown once.
 */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const list = useListSearch(pagingQuerySchema);
  const [adding, add] = useDisclosure(false);
  const actions = useWebhookActions();

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    twoLineColumn('url', 'URL', 240, (w) => ({
      main: <span style={{ wordBreak: 'break-all' }}>{w.url}</span>,
      detail: w.description || null,
    })),
    { key: 'events', header: 'Events', width: 220, render: (w) => <EventBadges events={w.events} /> },
    { key: 'state', header: 'State', width: 150, render: (w) => <EndpointState endpoint={w} /> },
    textColumn('failingSince', 'Failing since', 150, (w) => formatDateTime(w.failingSince)),
    textColumn('lastSuccessAt', 'Last success', 150, (w) =>
      w.lastSuccessAt ? formatDateTime(w.lastSuccessAt) : 'Never',
    ),
    actionsColumn(170, (w) => (
      <>
        <IconLink
          hint="Delivery log"
          label={`Delivery log of ${w.url}`}
          icon={IconListDetails}
          to={paths.portal.webhookDetail.getHref(w._id)}
        />
        <IconButton hint="Edit" label={`Edit ${w.url}`} icon={IconPencil} onClick={() => actions.edit(w)} />
        <IconButton
          hint="Send test event"
          label={`Send a test event to ${w.url}`}
          icon={IconSend}
          onClick={() => actions.sendTest(w)}
        />
        <IconButton
          hint="Rotate secret"
          label={`Rotate the secret of ${w.url}`}
          icon={IconRefresh}
          onClick={() => actions.rotate(w)}
        />
        <DeleteAction label={`Delete ${w.url}`} onClick={() => actions.remove(w)} />
      </>
    )),
  ];

  return (
    <ListPage
      noun="webhook endpoints"
      label="Endpoints"
      search={list}
      result={webhooks}
      {...browserPage(webhooks.data, list.query)}
      columns={columns}
      emptyMessage={WEBHOOKS_EMPTY}
      header={
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={620}>
            {`Events are POSTed as JSON and signed as Standard Webhooks. A delivery that fails is tried again for about a day; an endpoint failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days is turned off and the account's Owners are emailed. Up to ${MAX_WEBHOOK_ENDPOINTS} endpoints.`}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
            Add endpoint
          </Button>
        </Group>
      }
    >
      <CreateWebhookDialog opened={adding} onClose={add.close} />
      {actions.dialogs}
    </ListPage>
  );
}
