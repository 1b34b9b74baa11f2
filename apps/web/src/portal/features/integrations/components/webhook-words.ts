import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryState,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@fleetdeck/contract';
import { statusesOf, type Status } from '@/shared/lib/status';

/** The delivery log's states as badges. */
export const DELIVERY_STATES = statusesOf<WebhookDeliveryState>({ pending: 'blue', succeeded: 'green', failed: 'red' });

/** An endpoint's state: on, on but failing, or off (its reason beside it). */
export const endpointStatus = (w: Pick<WebhookEndpoint, 'enabled' | 'failingSince'>): Status =>
  !w.enabled
    ? { label: 'Disabled', color: 'gray' }
    : w.failingSince
      ? { label: 'Failing', color: 'orange' }
      : { label: 'Enabled', color: 'green' };

const HEADINGS: Record<string, string> = {
  device: 'Devices',
  policy: 'Policy',
  command: 'Commands',
  rollout: 'Rollouts',
  payment: 'Payments',
  licences: 'Licences',
};

/** The events under headings by what they are about (`device.*` → Devices), in the contract's order. */
export const EVENT_GROUPS: { heading: string; choices: WebhookEvent[] }[] = WEBHOOK_EVENTS.reduce<
  { heading: string; choices: WebhookEvent[] }[]
>((groups, event) => {
  const topic = event.split('.')[0]!;
  const heading = HEADINGS[topic] ?? topic;
  const group = groups.find((g) => g.heading === heading);
  if (group) group.choices.push(event);
  else groups.push({ heading, choices: [event] });
  return groups;
}, []);

/** "3 events", or "All events" when it takes every one. */
export const eventsText = (events: readonly string[]) =>
  events.length === WEBHOOK_EVENTS.length
    ? 'All events'
    : `${events.length} ${events.length === 1 ? 'event' : 'events'}`;
