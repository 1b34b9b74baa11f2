import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { devices, profiles } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';

/** The device behind a request of the device API (DECISIONS §6). */
export interface DeviceInfo {
  deviceId: string;
  customerId: string;
  family: string;
  appName: string;
  serialNumber: string;
  deviceName: string;
  profileId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceInfo | null;
  }
}

const deviceUnauthorized = (message: string, code: 'E_DEVICE_TOKEN_INVALID' | 'E_DEVICE_LOGGED_OUT') =>
  new AppError(401, code, message, { is_logout: 1 });

/** `authorization: Device <token>`; a customer or staff token never opens the device API, and the reverse. */
export function deviceTokenFromHeader(header: string | undefined): string | null {
  const match = /^Device\s+([\w-]{20,128})$/.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

/** preHandler of the device API: only the token's SHA-256 is looked up. */
export const requireDevice =
  (ctx: AppContext) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = deviceTokenFromHeader(request.headers.authorization);
    if (!token)
      throw deviceUnauthorized('Send the device token as "authorization: Device <token>".', 'E_DEVICE_TOKEN_INVALID');
    const [row] = await ctx.db
      .select({
        deviceId: devices.id,
        customerId: devices.customerId,
        family: devices.family,
        appName: devices.appName,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        loggedOutAt: devices.loggedOutAt,
        profileId: profiles.id,
      })
      .from(devices)
      .innerJoin(profiles, eq(profiles.deviceId, devices.id))
      .where(eq(devices.tokenHash, sha256(token)));
    if (!row)
      throw deviceUnauthorized('This device token is not valid. Enrol the device again.', 'E_DEVICE_TOKEN_INVALID');
    if (row.loggedOutAt) {
      throw deviceUnauthorized('This device was logged out from the console. Enrol it again.', 'E_DEVICE_LOGGED_OUT');
    }
    const { loggedOutAt: _ignored, ...device } = row;
    request.device = device;
    // Every device call marks it seen (online = seen in the last 15 min); at most one write a minute per device.
    await ctx.db
      .update(devices)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(devices.id, device.deviceId),
          sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < now() - interval '60 seconds')`,
        ),
      );
  };

/** The device of a route guarded by requireDevice. */
export function deviceOf(request: FastifyRequest): DeviceInfo {
  if (!request.device) throw new Error('route is missing its requireDevice guard');
  return request.device;
}
