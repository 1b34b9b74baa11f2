import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SECRET_PREFIX } from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import { open } from '../../lib/crypto.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { emailAccount } from '../team/notify.ts';
import { WEBHOOK_SWEEP_QUEUE } from './events.ts';
import * as repo from './repository.ts';
import { BlockedUrlError, checkWebhookUrl, pinnedLookup } from './ssrf.ts';

/**
 * The dispatcher of webhook deliveries (DECISIONS §13). Fresh deliveries are sent by the `webhooks.deliver` job, queued
 * after the commit that wrote them; retries by the `webhooks.sweep` job every few seconds: two lanes, so a backlog of
 * retries to a failing endpoint never delays fresh events. Each lane claims due rows with FOR UPDATE SKIP LOCKED and a
 * lease (a crashed worker's rows are sent again after it), sends them concurrently, and records the outcomes in one
 * statement. A try: POST of the body signed as Standard Webhooks, 10 s at most; a 2xx is a success; anything else is
 * retried after `BACKOFF_SECONDS`, the 8th failure is final. An endpoint failing for 3 days is disabled and its
 * account's Owners are emailed.
 */

/** Waits after the 1st … 7th failed try: 8 tries over about 24 h. */
export const BACKOFF_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 8 * 3600, 8 * 3600] as const;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a claimed delivery is reserved for the worker sending it (more than a try can take). */
const LEASE_SECONDS = 60;
const BATCH = 200;
/** Longest a sweep runs before it hands over to the next one. */
const SWEEP_BUDGET_MS = 30_000;
/** Seconds between sweeps of due retries. */
export const SWEEP_EVERY_SECONDS = 5;
const RESPONSE_CHARS = 500;

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** The `webhook-signature` of Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signature(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface TryResult {
  ok: boolean;
  status: number | null;
  response: string;
}

/** One POST, to the address checked now (SSRF guard at send time), within DELIVERY_TIMEOUT_MS. */
export async function postSigned(
  ctx: Pick<AppContext, 'config'>,
  url: string,
  secret: string,
  eventId: string,
  payload: unknown,
): Promise<TryResult> {
  let checked;
  try {
    checked = await checkWebhookUrl(url, ctx.config.webhookAllowPrivateUrls);
  } catch (err) {
    if (err instanceof BlockedUrlError) return { ok: false, status: null, response: `Not sent: ${err.message}` };
    throw err;
  }
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const secure = checked.url.protocol === 'https:';
  return new Promise<TryResult>((resolve) => {
    let settled = false;
    const done = (r: TryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = (secure ? https : http).request(checked.url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      lookup: pinnedLookup(checked),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Fleetdeck-Webhooks/1',
        'webhook-id': eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(secret, eventId, timestamp, body),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, response: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` });
    }, DELIVERY_TIMEOUT_MS);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < RESPONSE_CHARS) text += chunk;
      });
      res.on('end', () => done({ ok: status >= 200 && status < 300, status, response: text.slice(0, RESPONSE_CHARS) }));
      res.on('error', () => done({ ok: false, status, response: text.slice(0, RESPONSE_CHARS) }));
    });
    req.on('error', (err) => done({ ok: false, status: null, response: `Could not connect: ${err.message}` }));
    req.end(body);
  });
}

const openSecret = (ctx: Pick<AppContext, 'secrets'>, sealed: { iv: string; encryptedData: string }) =>
  open<string>(ctx.secrets.storageKey, sealed.iv, sealed.encryptedData);

async function tryOne(
  ctx: AppContext,
  d: repo.ClaimedDelivery,
  secretOf: (d: repo.ClaimedDelivery) => string | null,
): Promise<repo.Outcome & { ok: boolean }> {
  const final = (response: string) => ({
    id: d.id,
    ok: false,
    state: 'failed' as const,
    status: null,
    response,
    nextRetrySeconds: null,
  });
  if (!d.enabled) return final('Not sent: the endpoint is disabled');
  const secret = secretOf(d);
  if (!secret) return final('Not sent: the signing secret cannot be read');
  let r: TryResult;
  try {
    r = await postSigned(ctx, d.url, secret, d.eventId, d.payload);
  } catch (err) {
    r = { ok: false, status: null, response: `Not sent: ${(err as Error).message}` };
  }
  const tries = d.attempts + 1;
  if (r.ok)
    return { id: d.id, ok: true, state: 'succeeded', status: r.status, response: r.response, nextRetrySeconds: null };
  const last = tries >= WEBHOOK_MAX_ATTEMPTS;
  return {
    id: d.id,
    ok: false,
    state: last ? 'failed' : 'pending',
    status: r.status,
    response: r.response,
    nextRetrySeconds: last ? null : BACKOFF_SECONDS[tries - 1]!,
  };
}

/** Sends a claimed batch and records it: outcomes, endpoints' health, endpoints disabled (their Owners emailed). */
async function sendBatch(ctx: AppContext, batch: repo.ClaimedDelivery[]) {
  // Each endpoint's secret opened once per batch.
  const secrets = new Map<string, string | null>();
  const secretOf = (d: repo.ClaimedDelivery) => {
    if (!secrets.has(d.endpointId)) secrets.set(d.endpointId, openSecret(ctx, d.secret));
    return secrets.get(d.endpointId)!;
  };
  const outcomes = await Promise.all(batch.map((d) => tryOne(ctx, d, secretOf)));
  const endpointOf = new Map(batch.map((d) => [d.id, d.endpointId]));
  const succeeded = new Set(outcomes.filter((o) => o.ok).map((o) => endpointOf.get(o.id)!));
  const failing = new Set(
    batch
      .filter((d) => d.enabled)
      .map((d) => d.endpointId)
      .filter((id) => !succeeded.has(id)),
  );
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    await repo.recordOutcomes(tx, outcomes);
    await repo.markEndpointsSucceeded(tx, [...succeeded]);
    await repo.markEndpointsFailing(tx, [...failing]);
    const disabled = await repo.disableLongFailing(tx, [...failing], WEBHOOK_DISABLE_AFTER_DAYS);
    for (const e of disabled) {
      await emailAccount(tx, e.customer_id, 'owners', emailSenderOf(ctx.queue, tx, afterCommit), (name) =>
        emailTemplates.webhookDisabled(ctx.config.productName, name, {
          url: e.url,
          days: WEBHOOK_DISABLE_AFTER_DAYS,
          failingSince: new Date(e.failing_since).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
          consoleUrl: `${ctx.config.publicUrl}/webhooks`,
        }),
      );
    }
  });
  return outcomes.length;
}

/** Runs a lane until it finds nothing due (or its time is up); answers how many were tried. */
async function drain(ctx: AppContext, lane: 'fresh' | 'retries', budgetMs: number) {
  const until = Date.now() + budgetMs;
  let sent = 0;
  while (Date.now() < until) {
    const batch = await repo.claimDue(ctx.db, lane, BATCH, LEASE_SECONDS);
    if (batch.length === 0) break;
    sent += await sendBatch(ctx, batch);
  }
  return sent;
}

/** Batches a lane sends at once (each its own claim: SKIP LOCKED keeps them apart). */
const LANES = { fresh: 4, retries: 2 } as const;

async function drainLanes(ctx: AppContext, lane: 'fresh' | 'retries') {
  const sent = await Promise.all(Array.from({ length: LANES[lane] }, () => drain(ctx, lane, SWEEP_BUDGET_MS)));
  return sent.reduce((a, b) => a + b, 0);
}

/** The `webhooks.deliver` job: every fresh delivery due (never tried), whichever event queued the job. */
export const deliverFresh = (ctx: AppContext) => drainLanes(ctx, 'fresh');

/** The `webhooks.sweep` job: due retries, and fresh deliveries whose job was lost past their lease. */
export async function sweepWebhooks(ctx: AppContext) {
  return (await drainLanes(ctx, 'retries')) + (await drain(ctx, 'fresh', SWEEP_BUDGET_MS));
}

/** Chains the next sweep a few seconds on (one at a time; the minute's schedule restarts a broken chain). */
export async function scheduleNextSweep(ctx: Pick<AppContext, 'queue'>) {
  await ctx.queue.send(
    WEBHOOK_SWEEP_QUEUE,
    {},
    { startAfter: SWEEP_EVERY_SECONDS, singletonKey: 'next', singletonSeconds: SWEEP_EVERY_SECONDS },
  );
}
