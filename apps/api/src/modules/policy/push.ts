import fs from 'node:fs';
import type { Agent } from 'node:http';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { Logger } from 'pino';
import { ConfigError } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';

/**
 * Optional push tickle (DECISIONS §3 `FCM_CREDENTIALS`): a data-only Firebase Cloud Messaging message
 * `{ type: 'wake', deviceId }` that makes a sleeping app open its long-poll (`GET /api/v1/device/events`) at once.
 * The long-poll alone is enough for correctness (what the device must do is always read from the database);
 * push only shortens the delay for apps that are not polling. So a push that is lost, late or refused changes
 * nothing but that delay, and it is sent after the change committed, by a worker (`device.push` jobs, one per
 * device per couple of seconds), never inside a request.
 */

export const DEVICE_PUSH_QUEUE = 'device.push';
/** Wake-ups of one device closer together than this are sent once (an Apply burst is one tickle). */
const PUSH_COALESCE_SECONDS = 2;

export type PushOutcome = 'sent' | 'token-dead';

export interface PushSender {
  /** Sends the wake message to one registration token; 'token-dead' when FCM says the token is gone. */
  tickle(registrationToken: string, deviceId: string): Promise<PushOutcome>;
  close(): Promise<void>;
}

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
}

/** FCM error codes meaning the registration token will never work again: forget it. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** Reads and checks the service-account file; a wrong one stops start-up with a message naming the variable. */
export function readServiceAccount(file: string): ServiceAccount {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid environment:\n  FCM_CREDENTIALS: cannot read ${file} (${(err as Error).message})`);
  }
  let json: Partial<ServiceAccount> & { type?: string };
  try {
    json = JSON.parse(raw) as typeof json;
  } catch {
    throw new ConfigError(
      `Invalid environment:\n  FCM_CREDENTIALS: ${file} is not JSON (a Firebase service-account file)`,
    );
  }
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter(
    (k) => typeof json[k] !== 'string' || !json[k],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n  FCM_CREDENTIALS: ${file} lacks ${missing.join(', ')} (download a service-account key from the Firebase console)`,
    );
  }
  return json as ServiceAccount & { token_uri?: string };
}

let appCounter = 0;

/**
 * The FCM sender of this process, or null when `FCM_CREDENTIALS` is unset. `httpAgent` routes the SDK's HTTPS
 * calls (token exchange and send); tests use it to reach a local stand-in for Google's servers.
 */
export function createPushSender(
  config: { fcmCredentials?: string | undefined },
  logger: Logger,
  opts: { httpAgent?: Agent } = {},
): PushSender | null {
  if (!config.fcmCredentials) return null;
  const account = readServiceAccount(config.fcmCredentials);
  const app: App = initializeApp(
    {
      // The file path, not the parsed object: only then does the SDK's token exchange use `httpAgent` too.
      credential: cert(config.fcmCredentials, opts.httpAgent),
      projectId: account.project_id,
      ...(opts.httpAgent ? { httpAgent: opts.httpAgent } : {}),
    },
    `fleetdeck-push-${++appCounter}`,
  );
  const messaging = getMessaging(app);
  logger.info({ projectId: account.project_id }, 'FCM push wake-ups enabled');
  return {
    async tickle(registrationToken, deviceId) {
      try {
        await messaging.send({
          token: registrationToken,
          data: { type: 'wake', deviceId },
          // High priority so a dozing Android delivers it now; a wake older than a minute is pointless.
          android: { priority: 'high', ttl: 60_000, collapseKey: 'wake' },
        });
        return 'sent';
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (DEAD_TOKEN_CODES.has(code)) return 'token-dead';
        throw err;
      }
    },
    async close() {
      await deleteApp(app);
    },
  };
}

/**
 * Asks the workers to tickle these devices (call it after the change committed). Does nothing without
 * `FCM_CREDENTIALS`; never throws: a lost tickle only delays the change to the device's next poll.
 */
export async function requestPush(ctx: Pick<AppContext, 'config' | 'queue' | 'logger'>, deviceIds: readonly string[]) {
  if (!ctx.config.fcmCredentials) return;
  for (const deviceId of new Set(deviceIds)) {
    try {
      await ctx.queue.send(
        DEVICE_PUSH_QUEUE,
        { deviceId },
        {
          singletonKey: deviceId,
          singletonSeconds: PUSH_COALESCE_SECONDS,
          retryLimit: 3,
          retryDelay: 5,
          expireInSeconds: 60,
        },
      );
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message, deviceId }, 'device push not queued');
    }
  }
}

/** Worker side of `device.push`: tickles the device's registration token; a dead token is forgotten. */
export async function deliverPush(ctx: Pick<AppContext, 'db' | 'logger'>, sender: PushSender, deviceId: string) {
  const fcmToken = await repo.findFcmToken(ctx.db, deviceId);
  if (!fcmToken) return 'no-token' as const;
  const outcome = await sender.tickle(fcmToken, deviceId);
  if (outcome === 'token-dead') {
    // Only if the app has not sent a newer token meanwhile.
    await repo.forgetFcmToken(ctx.db, deviceId, fcmToken);
    ctx.logger.info({ deviceId }, 'FCM registration token is dead; forgotten');
  }
  return outcome;
}
