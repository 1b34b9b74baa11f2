import type { WebhookEndpoint } from '@fleetdeck/contract';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { StatusBadge } from '@/shared/components/status-badge';
import { endpointStatus, eventsText } from './webhook-words';

/** How many events badges show before "+N". */
const SHOWN_EVENTS = 3;

/** An endpoint's events: their count, then the first few as badges ("+N" for the others, named in its tooltip). */
export function EventBadges({ events, all = false }: { events: readonly string[]; all?: boolean }) {
  const shown = all ? events : events.slice(0, SHOWN_EVENTS);
  const rest = events.slice(shown.length);
  return (
    <Stack gap={4}>
      <Text size="sm">{eventsText(events)}</Text>
      <Group gap={4}>
        {shown.map((e) => (
          <Badge key={e} variant="light" size="sm" tt="none">
            {e}
          </Badge>
        ))}
        {rest.length > 0 ? (
          <Tooltip label={rest.join(', ')} withArrow multiline maw={260}>
            <Badge variant="outline" size="sm" tt="none" aria-label={`and ${rest.join(', ')}`}>
              {`+${rest.length}`}
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Enabled, failing or disabled; a disabled endpoint's reason under its badge. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={endpointStatus(endpoint)} />
      {!endpoint.enabled && endpoint.disabledReason ? (
        <Text size="xs" c="dimmed">
          {endpoint.disabledReason}
        </Text>
      ) : null}
    </Stack>
  );
}
