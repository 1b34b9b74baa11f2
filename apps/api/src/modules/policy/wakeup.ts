import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { uuidArray } from '../../db/arrays.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deviceMessages } from '../../db/schema.ts';

/**
 * Wake-up bus of the device long-poll (DECISIONS §3: wake-ups live in Postgres, so any API process can
 * wake a device whose `GET events` waits on another one).
 *
 * - Senders: `wakeDevice` (or `select pg_notify('device_wake', <deviceId>)` inside a transaction, which
 *   Postgres delivers only when it commits and drops on rollback). A payload may carry several ids separated by
 *   commas (at most WAKE_IDS_PER_NOTIFY: the fan-outs of a broadcast and of a family's wake-up).
 * - Each API process keeps ONE dedicated connection that LISTENs on `device_wake` (`WakeupHub.start`),
 *   reconnecting with backoff when it drops, and resolves the in-process waiters of that device id.
 *   While it was disconnected notifications may have been missed: on reconnect every waiter is woken,
 *   so each re-checks the database once.
 * - Waiters hold no database connection; they are plain promises with a timer.
 */

export const WAKE_CHANNEL = 'device_wake';
/**
 * Device ids one `device_wake` payload may carry, comma-separated (a fan-out wakes its batch in notifications of this
 * many devices, not one each: issue 14). 200 × 37 characters stays under PostgreSQL's 8,000-byte payload limit.
 */
export const WAKE_IDS_PER_NOTIFY = 200;
/** Long-polls one device may hold open at once in one process; a newer one supersedes the oldest. */
export const MAX_WAITERS_PER_DEVICE = 2;

export type WaitOutcome = 'woken' | 'timeout' | 'cancelled' | 'superseded' | 'shutdown';

interface Waiter {
  resolve: (outcome: WaitOutcome) => void;
}

export interface Wait {
  promise: Promise<WaitOutcome>;
  /** Ends the wait early (client went away); safe to call more than once. */
  cancel(): void;
}

export interface WakeupHubOptions {
  connectionString: string;
  logger: Logger;
  maxWaitersPerDevice?: number;
  /** Reconnect backoff: first delay and cap, in ms. */
  backoff?: { initialMs: number; maxMs: number };
}

export class WakeupHub {
  private readonly waiters = new Map<string, Waiter[]>();
  private client: pg.Client | null = null;
  private closing = false;
  private draining = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private readonly maxPerDevice: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  /** Other channels heard on the same connection (the device cache's invalidations), and what a reconnect resets. */
  private readonly handlers = new Map<string, (payload: string) => void>();
  private readonly reconnectHooks: (() => void)[] = [];
  private held = 0;
  /** Waiters woken by a notification (or a reconnect), since start: `GET /metrics`. */
  wakeupsDelivered = 0;
  /** Polls answered at once because the process held its cap of long-polls. */
  pollsOverCap = 0;

  constructor(private readonly opts: WakeupHubOptions) {
    this.maxPerDevice = opts.maxWaitersPerDevice ?? MAX_WAITERS_PER_DEVICE;
    this.backoff = opts.backoff ?? { initialMs: 250, maxMs: 10_000 };
  }

  /** True while the LISTEN connection is up. */
  get listening() {
    return this.client !== null;
  }

  /**
   * Also LISTEN on `channel` (same connection) and hand its payloads to `handler`; `onReconnect` runs whenever the
   * connection is (re)established, since notifications may have been lost meanwhile. Call before `start`.
   */
  subscribe(channel: string, handler: (payload: string) => void, onReconnect?: () => void) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    this.handlers.set(channel, handler);
    if (onReconnect) this.reconnectHooks.push(onReconnect);
  }

  /** Opens the LISTEN connection; throws if the first attempt fails (start-up should report it). */
  async start(): Promise<void> {
    this.closing = false;
    this.draining = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === WAKE_CHANNEL) this.wakeLocal(msg.payload);
      else this.handlers.get(msg.channel)?.(msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (this.closing) return;
      this.opts.logger.warn({ err: err?.message }, 'wake-up listener lost its connection; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', (err) => lost(err));
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const reconnected = this.attempt > 0;
    this.attempt = 0;
    // Whatever was cached from notifications may have missed some while the connection was down.
    for (const hook of this.reconnectHooks) hook();
    if (reconnected) {
      this.opts.logger.info('wake-up listener reconnected');
      // Notifications sent while we were away are lost: let every waiter look at the database again.
      this.wakeAll('woken');
    }
  }

  private scheduleReconnect() {
    if (this.closing || this.reconnectTimer) return;
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err: unknown) => {
        this.opts.logger.warn(
          { err: (err as Error).message, attempt: this.attempt },
          'wake-up listener reconnect failed',
        );
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /**
   * Waits until `deviceId` is woken or `timeoutMs` passes. Register the wait BEFORE checking the database,
   * then check: a wake-up that lands between the check and the wait is then never missed.
   */
  wait(deviceId: string, timeoutMs: number): Wait {
    if (this.draining || this.closing) return { promise: Promise.resolve('shutdown'), cancel: () => undefined };
    let settle!: (outcome: WaitOutcome) => void;
    const promise = new Promise<WaitOutcome>((resolve) => {
      settle = resolve;
    });
    let done = false;
    const waiter: Waiter = {
      resolve: (outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.remove(deviceId, waiter);
        this.held--;
        if (outcome === 'woken') this.wakeupsDelivered++;
        settle(outcome);
      },
    };
    const timer = setTimeout(() => waiter.resolve('timeout'), Math.max(0, timeoutMs));
    this.held++;
    const list = this.waiters.get(deviceId) ?? [];
    list.push(waiter);
    this.waiters.set(deviceId, list);
    // Newest wins: the oldest waits of this device answer at once.
    while (list.length > this.maxPerDevice) list[0]!.resolve('superseded');
    return { promise, cancel: () => waiter.resolve('cancelled') };
  }

  private remove(deviceId: string, waiter: Waiter) {
    const list = this.waiters.get(deviceId);
    if (!list) return;
    const i = list.indexOf(waiter);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.waiters.delete(deviceId);
  }

  /**
   * Resolves the waiters in this process of one device, or of several (ids separated by commas: one notification of
   * a fan-out batch), or of all (`*`). What a notification does.
   */
  wakeLocal(deviceIds: string) {
    if (deviceIds === '*') return this.wakeAll('woken');
    if (this.waiters.size === 0) return;
    for (const id of deviceIds.split(',')) {
      const list = this.waiters.get(id);
      if (list) for (const w of [...list]) w.resolve('woken');
    }
  }

  private wakeAll(outcome: WaitOutcome) {
    for (const list of [...this.waiters.values()]) for (const w of [...list]) w.resolve(outcome);
  }

  /** Wakes every waiter of this process (a broadcast reaching all devices: each re-reads what is pending). */
  wakeAllLocal() {
    this.wakeAll('woken');
  }

  /** Open waits (of one device, or all). */
  waiterCount(deviceId?: string): number {
    if (deviceId) return this.waiters.get(deviceId)?.length ?? 0;
    return this.held;
  }

  /** Shutdown step 1: answer every open long-poll now and refuse new waits (so the HTTP server can close). */
  drain() {
    this.draining = true;
    this.wakeAll('shutdown');
  }

  /** Shutdown step 2: close the LISTEN connection and stop reconnecting. */
  async stop(): Promise<void> {
    this.closing = true;
    this.drain();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }

  /** Test seam: drops the LISTEN connection as a network failure would. */
  simulateConnectionLoss() {
    this.client?.emit('error', new Error('simulated connection loss'));
  }
}

export function createWakeupHub(opts: WakeupHubOptions) {
  return new WakeupHub(opts);
}

/**
 * Wakes a device's long-poll, in whichever API process it waits. Call it after the change committed
 * (inside a transaction use `notifyInTransaction` instead). Never throws: a lost wake-up only delays the
 * change to the device's next poll.
 */
export async function wakeDevice(ctx: { pool: pg.Pool; logger: Logger }, deviceId: string): Promise<void> {
  try {
    await ctx.pool.query('select pg_notify($1, $2)', [WAKE_CHANNEL, deviceId]);
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, deviceId }, 'device wake-up not sent');
  }
}

/** Queues a wake-up in the caller's transaction: Postgres delivers it on commit and drops it on rollback. */
export async function notifyInTransaction(tx: DbOrTx, deviceId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${deviceId})`);
}

/**
 * Queues the wake-up of many devices in the caller's transaction, in ONE statement: one `device_wake` notification per
 * WAKE_IDS_PER_NOTIFY ids (comma-separated), delivered on commit and dropped on rollback.
 */
export async function notifyManyInTransaction(tx: DbOrTx, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx.execute(sql`
    select count(pg_notify(${WAKE_CHANNEL}, ids)) from (
      select string_agg(id::text, ',') as ids
      from unnest(${uuidArray(deviceIds)}) with ordinality as t(id, n)
      group by (n - 1) / ${sql.raw(String(WAKE_IDS_PER_NOTIFY))}
    ) parts`);
}

/**
 * Queues a notification or command for a device (delivered by `GET /api/v1/device/events`, oldest first) and
 * wakes it once `tx` commits. `expiresAt`: not delivered after this time. After the commit, callers also call
 * `requestPush` (push.ts) so an app that is not polling is tickled through FCM when configured.
 */
export async function enqueueDeviceMessage(
  _ctx: { pool: pg.Pool; logger: Logger },
  tx: DbOrTx,
  deviceId: string,
  kind: 'notification' | 'command',
  payload: Record<string, unknown>,
  expiresAt?: Date | null,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(deviceMessages)
    // clock_timestamp(), not the default now() (the transaction's start): messages queued in one transaction
    // keep their order, which is the order the device receives them in (ids are random).
    .values({ deviceId, kind, payload, expiresAt: expiresAt ?? null, createdAt: sql`clock_timestamp()` })
    .returning({ id: deviceMessages.id });
  await notifyInTransaction(tx, deviceId);
  return row!;
}
