import type { NotificationPreview } from '@fleetdeck/contract/staff';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The confirmation's sentence (DECISIONS §14): "This goes to 1,204 devices of 37 customers." */
export function reachSentence(p: NotificationPreview): string {
  if (p.precision === 'atLeast') {
    return `This goes to more than ${count(p.devices, 'device', 'devices')} of at least ${count(p.customers, 'customer', 'customers')}.`;
  }
  const reach = `${count(p.devices, 'device', 'devices')} of ${count(p.customers, 'customer', 'customers')}`;
  return p.precision === 'estimate'
    ? `This goes to about ${reach} (every enrolled device, from the customers' licence figures).`
    : `This goes to ${reach}.`;
}
