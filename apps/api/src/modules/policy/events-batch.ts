import type { DeviceMessage } from '@fleetdeck/contract';
import type pg from 'pg';
import { COMMANDS_DELIVERED_SQL, NOTIFICATION_COUNT_SHARDS } from './repository.ts';

/**
 * What a woken long-poll reads, for many polls in one statement (issue 14, item 2: a broadcast wakes every poll of a
 * process at once; 20,000 polls each reading the database on their own would queue on the pool for seconds, and each
 * would bump the notification's delivered counter on its own). Polls that finish waiting within a few milliseconds of
 * each other share one statement that reads their delivery state, hands out their pending messages (each at most
 * MAX_MESSAGES_PER_POLL, urgent first (a lock, lost mode), then oldest first, marked delivered in the same statement, a
 * command's ledger row with them) and moves each notification's delivered
 * counter once (in one shard per statement, so that concurrent statements do not queue on one another's rows). The answer is the one `pendingEvents` (service.ts) gives a single poll.
 */

export interface BatchedRequest {
  deviceId: string;
  profileId: string;
  knownVersion: number | undefined;
  takeMessages: boolean;
  /**
   * Asked when the batch's statement is built: false once the poll was abandoned (its connection closed) while it
   * queued. Under load a poll's first read can run after the device hung up; it must not then take, and lose, the
   * messages queued meanwhile.
   */
  stillWanted?: () => boolean;
}

export interface BatchedEvents {
  policyVersion: number;
  policyChanged: boolean;
  messages: DeviceMessage[];
  logout: boolean;
}

const BATCH_SQL = `
with req as (
  -- The lists come as comma-joined text: pg's array literals (each value quoted and escaped) allocated ~0.7 KB per
  -- poll, a visible share of a broadcast's garbage.
  select * from unnest(string_to_array($1, ',')::uuid[], string_to_array($2, ',')::uuid[],
                       string_to_array($3, ',')::boolean[]) as r(device_id, profile_id, take)
), state as (
  select r.device_id, r.take, p.policy_version, p.applied_policy_version as applied,
         (d.logged_out_at is not null or d.token_hash is null) as logged_out
  from req r join profiles p on p.id = r.profile_id join devices d on d.id = p.device_id and d.id = r.device_id
), picked as (
  select m.id from state s
  cross join lateral (
    select id from device_messages
    where device_id = s.device_id and delivered_at is null and (expires_at is null or expires_at > now())
    order by urgent desc, created_at, id
    limit $4
    for update skip locked
  ) m
  where s.take and not s.logged_out
), taken as (
  update device_messages m set delivered_at = now()
  where m.id in (select id from picked)
  returning m.id, m.device_id, m.kind, m.payload, m.created_at, m.notification_id, m.urgent
), ${COMMANDS_DELIVERED_SQL}, counted as (
  -- One counter move per notification per batch (DECISIONS §8: the list never counts rows), into ONE shard of
  -- notification_counts chosen per batch ($5): the batches of a broadcast, run side by side, then never wait on each
  -- other's counter rows (only the sum of the shards is read). In notification order: two batches that do share a
  -- shard lock its rows in the same order.
  insert into notification_counts as c (notification_id, shard, delivered_count)
  select notification_id, $5::smallint, count(*)::int
  from taken where notification_id is not null group by 1 order by 1
  on conflict (notification_id, shard) do update set delivered_count = c.delivered_count + excluded.delivered_count
  returning 1
)
select 's' as k, s.device_id, s.policy_version, s.applied, s.logged_out,
       null::uuid as id, null::text as kind, null::text as payload, null::timestamptz as created_at,
       null::boolean as urgent
from state s, (select count(*) from commanded) k
union all
select 'm', t.device_id, null, null, null, t.id, t.kind, t.payload::text, t.created_at, t.urgent from taken t
order by 2, 10 desc nulls first, 9, 6`;

interface Row {
  k: 's' | 'm';
  device_id: string;
  policy_version: number | null;
  applied: number | null;
  logged_out: boolean | null;
  id: string | null;
  kind: 'notification' | 'command' | null;
  /** The payload's JSON text: parsed once per distinct text in a batch (a broadcast's polls share one object). */
  payload: string | null;
  created_at: Date | string | null;
}

interface Queued {
  req: BatchedRequest;
  resolve: (e: BatchedEvents) => void;
  reject: (err: unknown) => void;
}

export class EventsBatcher {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running = 0;
  /** The counter shard of the next batch: in turn, from a random start (each API process starts elsewhere). */
  private shard = Math.floor(Math.random() * NOTIFICATION_COUNT_SHARDS);
  /** Statements run and polls they answered (`GET /metrics`). */
  batches = 0;
  polls = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: { maxMessages: number; windowMs?: number; maxBatch?: number; maxConcurrent?: number },
  ) {}

  read(req: BatchedRequest): Promise<BatchedEvents> {
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      if (this.queue.length >= (this.opts.maxBatch ?? 1000)) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.opts.windowMs ?? 3);
    });
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0 && this.running < (this.opts.maxConcurrent ?? 4)) {
      const batch = this.queue.splice(0, this.opts.maxBatch ?? 1000);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        if (this.queue.length > 0) this.kick();
      });
    }
  }

  private nextShard() {
    this.shard = (this.shard + 1) % NOTIFICATION_COUNT_SHARDS;
    return this.shard;
  }

  private async run(batch: Queued[]) {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      for (const q of batch) q.reject(err);
      return;
    }
    // Who still wants messages is asked once the connection is in hand, right before the statement goes out: asked
    // earlier, a poll abandoned while the pool opened a connection (hundreds of milliseconds on a loaded machine)
    // still took, and lost, a message queued in that time (wakeup.test.ts saw it on a slow day).
    // One device may poll twice at once (MAX_WAITERS_PER_DEVICE): one row per device, answers shared.
    const unique = new Map<string, BatchedRequest>();
    const takes = new Map<Queued, boolean>();
    for (const q of batch) {
      const take = q.req.takeMessages && (q.req.stillWanted?.() ?? true);
      takes.set(q, take);
      const seen = unique.get(q.req.deviceId);
      if (!seen) unique.set(q.req.deviceId, { ...q.req, takeMessages: take });
      else seen.takeMessages ||= take;
    }
    const reqs = [...unique.values()];
    let failed: Error | undefined;
    try {
      const { rows } = await client.query<Row>(BATCH_SQL, [
        reqs.map((r) => r.deviceId).join(','),
        reqs.map((r) => r.profileId).join(','),
        reqs.map((r) => (r.takeMessages ? 't' : 'f')).join(','),
        this.opts.maxMessages,
        this.nextShard(),
      ]);
      this.batches++;
      this.polls += batch.length;
      const state = new Map<string, Row>();
      const messages = new Map<string, DeviceMessage[]>();
      const payloads = new Map<string, Record<string, unknown>>();
      const payloadOf = (text: string | null) => {
        if (text === null) return {};
        let p = payloads.get(text);
        if (!p) payloads.set(text, (p = (JSON.parse(text) ?? {}) as Record<string, unknown>));
        return p;
      };
      for (const r of rows) {
        if (r.k === 's') state.set(r.device_id, r);
        else {
          let list = messages.get(r.device_id);
          if (!list) messages.set(r.device_id, (list = []));
          list.push({
            _id: r.id!,
            kind: r.kind!,
            payload: payloadOf(r.payload),
            created_at: new Date(r.created_at!).toISOString(),
          });
        }
      }
      const given = new Set<string>();
      for (const q of batch) {
        const s = state.get(q.req.deviceId);
        if (!s || s.logged_out) {
          q.resolve({ policyVersion: s?.policy_version ?? 0, policyChanged: false, messages: [], logout: true });
          continue;
        }
        const policyVersion = s.policy_version ?? 0;
        const known = q.req.knownVersion;
        const policyChanged = known === undefined ? (s.applied ?? 0) < policyVersion : policyVersion > known;
        // A device's messages go to one of its polls only (the first that may take them).
        const mine = takes.get(q) && !given.has(q.req.deviceId) ? (messages.get(q.req.deviceId) ?? []) : [];
        if (mine.length > 0) given.add(q.req.deviceId);
        q.resolve({ policyVersion, policyChanged, messages: mine, logout: false });
      }
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
      for (const q of batch) q.reject(err);
    } finally {
      // A failed statement's connection is closed, not reused (as pool.query does).
      client.release(failed);
    }
  }
}
