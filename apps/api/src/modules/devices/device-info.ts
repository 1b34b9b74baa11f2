import type { Family } from '@fleetdeck/contract';

/** The device behind a request of the device API (DECISIONS §6). */
export interface DeviceInfo {
  deviceId: string;
  customerId: string;
  family: Family;
  appName: string;
  serialNumber: string;
  deviceName: string;
  profileId: string;
}
