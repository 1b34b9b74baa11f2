import { type listDevices } from '../shared/lists-repository.ts';

export { type TimeKey, countDevices, listDevices } from '../shared/lists-repository.ts';

export type DeviceRow = Awaited<ReturnType<typeof listDevices>>[number];
