export * from './envelope.ts';
export * from './common.ts';
export * from './users.ts';
export * from './staff.ts';
export * from './plans.ts';
export * from './audit.ts';
export * from './payments.ts';
export * from './device.ts';
