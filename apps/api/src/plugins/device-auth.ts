import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { DeviceActor } from '../lib/actor.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { DeviceInfo } from '../modules/devices/device-info.ts';
import { findDeviceByTokenHash } from '../modules/devices/repository.ts';

export type { DeviceInfo };

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceInfo | null;
  }
}

/** OpenAPI group of the device API's calls. */
export const DEVICE_API_TAGS = ['Device API'];

const deviceUnauthorized = (message: string, code: 'E_DEVICE_TOKEN_INVALID' | 'E_DEVICE_LOGGED_OUT') =>
  new AppError(401, code, message, { is_logout: 1 });

/** `authorization: Device <token>`; a customer or staff token never opens the device API, and the reverse. */
function deviceTokenFromHeader(header: string | undefined): string | null {
  const match = /^Device\s+([\w-]{20,128})$/.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

/**
 * preHandler of the device API: only the token's SHA-256 is looked up, in the process's short-lived cache first
 * (issue 14: revoked across processes by `device_cache` notifications, see devices/hot-path.ts), else in the database.
 */
export const requireDevice =
  (ctx: AppContext) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = deviceTokenFromHeader(request.headers.authorization);
    if (!token)
      throw deviceUnauthorized('Send the device token as "authorization: Device <token>".', 'E_DEVICE_TOKEN_INVALID');
    const tokenHash = sha256(token);
    const { cache, status } = ctx.hot;
    let device = cache.device(tokenHash);
    if (!device) {
      const epoch = cache.mark();
      const row = await findDeviceByTokenHash(ctx.db, tokenHash);
      if (!row)
        throw deviceUnauthorized('This device token is not valid. Enrol the device again.', 'E_DEVICE_TOKEN_INVALID');
      if (row.loggedOutAt) {
        throw deviceUnauthorized('This device was logged out from the console. Enrol it again.', 'E_DEVICE_LOGGED_OUT');
      }
      const { loggedOutAt: _ignored, ...found } = row;
      device = found;
      cache.putDevice(tokenHash, device, epoch);
    }
    request.device = device;
    // Every device call marks it seen (online = seen in the last 15 min): at most once a minute per device, written
    // with the next coalesced status write.
    status.seen(device.deviceId, device.profileId);
  };

/** The device of a route guarded by requireDevice. */
export function deviceOf(request: FastifyRequest): DeviceInfo {
  if (!request.device) throw new Error('route is missing its requireDevice guard');
  return request.device;
}

/** The device of a guarded device API route, as the actor of its writes (their audit source is App). */
export function deviceActorOf(request: FastifyRequest): DeviceActor {
  const device = deviceOf(request);
  return { kind: 'device', id: device.deviceId, customerId: device.customerId, ip: request.ip };
}
