export * from './client.ts';
export * from './device.ts';
export * from './fleet.ts';
export * from './inventory.ts';
export * from './random.ts';
export * from './stats.ts';
