import { lazyTab } from '@/portal/components/settings/lazy-tabs';

/*
 * The device's own tabs, loaded when first shown (the settings tabs load the same way,
 * `portal/components/settings/lazy-tabs.ts`).
 */
export const DeviceTab = lazyTab(() => import('./device-tab'), 'DeviceTab');
