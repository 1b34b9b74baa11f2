import type pg from 'pg';
import type { Logger } from 'pino';
import type { DeviceInfo } from './device-info.ts';
import { EventsBatcher } from '../policy/events-batch.ts';

/**
 * The device check-in hot path (issue 14, item 1): what a device call can answer without a database round trip.
 *
 * - `DeviceCache`: the device behind a token (tokenHash → DeviceInfo) and the ETag of its policy (deviceId → ETag),
 *   each for a short time. Every process LISTENs on `device_cache` (the wake-up hub's connection); triggers on
 *   `devices`, `profiles` and `app_versions` (migration `device_cache_notify`) send the device id there on commit when
 *   a token is replaced or revoked (logout, re-enrolment, delete), a device's name changes or a policy is applied, and
 *   `*` when a family's app-version config changes. While the LISTEN connection is down nothing is cached (a missed
 *   notification could leave a revoked token working), and on reconnect everything is dropped.
 * - `StatusWriter`: `POST status` and the "seen" marks of every device call are merged per device in memory and written
 *   by one multi-row UPDATE per interval, touching only rows where a field changed (or `last_seen_at` is over a minute
 *   old). `stop()` writes what is left, so a clean shutdown never loses the last report; a failed write is merged back
 *   and retried.
 */

export const DEVICE_CACHE_CHANNEL = 'device_cache';
/**
 * How long a token → device answer is believed without asking the database. Revocations, renames and applies arrive
 * by NOTIFY at once (and nothing is cached while the LISTEN connection is down), so this only bounds how long an entry
 * lives: longer than the longest long-poll (EVENTS_MAX_WAIT_SECONDS), so a device that reports after its poll's answer
 * — an ack, a command's result — finds its entry. At 30 s, 19,500 devices reporting a command's result paid a cold
 * token lookup each (issue 26's bench: the device lookup was the database's top statement).
 */
export const DEVICE_CACHE_TTL_MS = 10 * 60_000;
/** How long a policy ETag is believed without asking the database (Apply invalidates it sooner by NOTIFY). */
export const POLICY_ETAG_TTL_MS = 60_000;
/** Entries per map; the oldest go first beyond it (memory stays bounded whatever the fleet size). */
export const DEVICE_CACHE_MAX = 200_000;
/** Interval of the coalesced status write. */
export const STATUS_FLUSH_MS = 1_000;

interface AuthEntry {
  device: DeviceInfo;
  tokenHash: string;
  at: number;
}

/** Counters of the hot path (shown by `GET /metrics`). */
export interface HotPathCounters {
  authHits: number;
  authMisses: number;
  etagHits: number;
  etagMisses: number;
  invalidations: number;
  statusWrites: number;
  statusRowsWritten: number;
  statusWriteErrors: number;
}

function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

export class DeviceCache {
  /** Moves on every invalidation: an answer read from the database before it is not cached after it. */
  private epoch = 0;
  private readonly byToken = new Map<string, AuthEntry>();
  private readonly tokenOfDevice = new Map<string, string>();
  private readonly etags = new Map<string, { etag: string; at: number }>();

  constructor(
    /** True while invalidations can arrive (the LISTEN connection is up): otherwise nothing is cached. */
    private readonly live: () => boolean,
    readonly counters: HotPathCounters,
    private readonly opts: { ttlMs?: number; etagTtlMs?: number; max?: number } = {},
  ) {}

  /** The epoch to hand back to `putDevice`/`putEtag` after a database read. */
  mark(): number {
    return this.epoch;
  }

  device(tokenHash: string): DeviceInfo | null {
    if (!this.live()) return null;
    const e = this.byToken.get(tokenHash);
    if (!e || Date.now() - e.at > (this.opts.ttlMs ?? DEVICE_CACHE_TTL_MS)) {
      this.counters.authMisses++;
      return null;
    }
    this.counters.authHits++;
    return e.device;
  }

  putDevice(tokenHash: string, device: DeviceInfo, epoch: number) {
    if (!this.live() || epoch !== this.epoch) return;
    const max = this.opts.max ?? DEVICE_CACHE_MAX;
    const previous = this.tokenOfDevice.get(device.deviceId);
    if (previous && previous !== tokenHash) this.byToken.delete(previous);
    setBounded(this.byToken, tokenHash, { device, tokenHash, at: Date.now() }, max);
    setBounded(this.tokenOfDevice, device.deviceId, tokenHash, max);
  }

  /** This process changed the device's name: later calls see the new one at once. */
  renameDevice(deviceId: string, deviceName: string) {
    const token = this.tokenOfDevice.get(deviceId);
    const e = token ? this.byToken.get(token) : undefined;
    if (e) e.device = { ...e.device, deviceName };
  }

  etag(deviceId: string): string | null {
    if (!this.live()) return null;
    const e = this.etags.get(deviceId);
    if (!e || Date.now() - e.at > (this.opts.etagTtlMs ?? POLICY_ETAG_TTL_MS)) {
      this.counters.etagMisses++;
      return null;
    }
    this.counters.etagHits++;
    return e.etag;
  }

  putEtag(deviceId: string, etag: string, epoch: number) {
    if (!this.live() || epoch !== this.epoch) return;
    setBounded(this.etags, deviceId, { etag, at: Date.now() }, this.opts.max ?? DEVICE_CACHE_MAX);
  }

  /** A `device_cache` notification: one device id, or `*` for everything. */
  invalidate(payload: string) {
    this.epoch++;
    this.counters.invalidations++;
    if (payload === '*') return this.clear();
    const token = this.tokenOfDevice.get(payload);
    if (token) this.byToken.delete(token);
    this.tokenOfDevice.delete(payload);
    this.etags.delete(payload);
  }

  clear() {
    this.epoch++;
    this.byToken.clear();
    this.tokenOfDevice.clear();
    this.etags.clear();
  }

  get size() {
    return { devices: this.byToken.size, etags: this.etags.size };
  }
}

/** The device-state fields of `POST status` (absent = unchanged; `location: null` clears it). */
export interface StatusValues {
  batteryLevel?: number;
  localIpAddress?: string;
  macAddress?: string;
  osVersion?: string;
  appVersionCode?: string;
  deviceModel?: string;
  deviceName?: string;
  location?: { latitude: number; longitude: number; accuracy?: number } | null;
  fcmToken?: string | null;
  /** What the app can do (DECISIONS §11). */
  capabilities?: string[];
}

interface Pending {
  values: StatusValues;
  /** When the device was last seen (ms since epoch). */
  seenAt: number;
  /** The device's profile (a staged rollout waiting for its ack marks it seen). */
  profileId?: string | undefined;
}

/** One statement for every pending device: fields sent are set, the rest kept; unchanged rows are not written. */
const FLUSH_SQL = `
update devices d set
  battery_level    = case when v.p ? 'batteryLevel'   then (v.p->>'batteryLevel')::int else d.battery_level end,
  local_ip_address = case when v.p ? 'localIpAddress' then v.p->>'localIpAddress'      else d.local_ip_address end,
  mac_address      = case when v.p ? 'macAddress'     then v.p->>'macAddress'          else d.mac_address end,
  os_version       = case when v.p ? 'osVersion'      then v.p->>'osVersion'           else d.os_version end,
  app_version_code = case when v.p ? 'appVersionCode' then v.p->>'appVersionCode'      else d.app_version_code end,
  device_model     = case when v.p ? 'deviceModel'    then v.p->>'deviceModel'         else d.device_model end,
  device_name      = case when v.p ? 'deviceName'     then v.p->>'deviceName'          else d.device_name end,
  location         = case when v.p ? 'location'       then nullif(v.p->'location', 'null'::jsonb) else d.location end,
  fcm_token        = case when v.p ? 'fcmToken'       then v.p->>'fcmToken'            else d.fcm_token end,
  capabilities     = case when v.p ? 'capabilities'   then array(select jsonb_array_elements_text(v.p->'capabilities'))
                          else d.capabilities end,
  last_seen_at     = greatest(coalesce(d.last_seen_at, v.seen), v.seen),
  updated_at       = case when v.p = '{}'::jsonb then d.updated_at else now() end
from (select unnest($1::uuid[]) as id, unnest($2::jsonb[]) as p, unnest($3::timestamptz[]) as seen) v
where d.id = v.id and (
  d.last_seen_at is null or d.last_seen_at < v.seen - interval '60 seconds'
  or (v.p ? 'batteryLevel'   and d.battery_level    is distinct from (v.p->>'batteryLevel')::int)
  or (v.p ? 'localIpAddress' and d.local_ip_address is distinct from v.p->>'localIpAddress')
  or (v.p ? 'macAddress'     and d.mac_address      is distinct from v.p->>'macAddress')
  or (v.p ? 'osVersion'      and d.os_version       is distinct from v.p->>'osVersion')
  or (v.p ? 'appVersionCode' and d.app_version_code is distinct from v.p->>'appVersionCode')
  or (v.p ? 'deviceModel'    and d.device_model     is distinct from v.p->>'deviceModel')
  or (v.p ? 'deviceName'     and d.device_name      is distinct from v.p->>'deviceName')
  or (v.p ? 'location'       and d.location         is distinct from nullif(v.p->'location', 'null'::jsonb))
  or (v.p ? 'fcmToken'       and d.fcm_token        is distinct from v.p->>'fcmToken')
  or (v.p ? 'capabilities'   and d.capabilities     is distinct from
                                 array(select jsonb_array_elements_text(v.p->'capabilities'))))`;

/**
 * Staged rollouts (DECISIONS §10): the first check-in after a rollout applied its version to a device starts the ack
 * timeout (`seen_at`). Only rows still pending and not yet seen, found by the partial index on pending rows. A row an
 * acknowledgement holds right now is skipped, not waited for: that ack decides it (and should it roll back, the
 * device's next check-in marks it), and the statement never queues behind in-flight acks nor holds rows they wait for
 * (bench/fleet.ts: the two waited on each other on every flush while devices acknowledged a stage).
 */
const ROLLOUT_SEEN_SQL = `
update rollout_devices rd set seen_at = v.seen
from (
  select r.rollout_id, r.profile_id, s.seen
  from rollout_devices r
  join (select unnest($1::uuid[]) as profile_id, unnest($2::timestamptz[]) as seen) s on s.profile_id = r.profile_id
  where r.state = 'pending' and r.seen_at is null and r.applied_at <= s.seen
  for update of r skip locked
) v
where rd.rollout_id = v.rollout_id and rd.profile_id = v.profile_id`;

/** Rows per statement (a bigger backlog is written in several). */
const FLUSH_CHUNK = 5_000;

export class StatusWriter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    readonly counters: HotPathCounters,
    private readonly intervalMs = STATUS_FLUSH_MS,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Devices with a write waiting. */
  get backlog() {
    return this.pending.size;
  }

  /**
   * Marks the device seen, written with the next flush; the statement itself skips devices seen less than a minute
   * ago (online = seen within 15 minutes), so a busy device costs one index lookup a second, not a write.
   */
  seen(deviceId: string, profileId?: string) {
    const now = Date.now();
    const p = this.pending.get(deviceId);
    if (p) {
      p.seenAt = Math.max(p.seenAt, now);
      p.profileId ??= profileId;
    } else this.pending.set(deviceId, { values: {}, seenAt: now, profileId });
  }

  /** Queues a status report: later fields override earlier ones of the same device. */
  report(deviceId: string, values: StatusValues) {
    const now = Date.now();
    const p = this.pending.get(deviceId);
    if (p) {
      Object.assign(p.values, values);
      p.seenAt = Math.max(p.seenAt, now);
    } else {
      this.pending.set(deviceId, { values: { ...values }, seenAt: now });
    }
  }

  /** Takes what is queued for one device (the caller writes it itself, e.g. with a name change). */
  take(deviceId: string): StatusValues | null {
    const p = this.pending.get(deviceId);
    if (!p) return null;
    this.pending.delete(deviceId);
    return p.values;
  }

  /** Writes everything queued now (one statement per FLUSH_CHUNK devices). Concurrent calls share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: Map<string, Pending>) {
    const entries = [...batch.entries()];
    for (let i = 0; i < entries.length; i += FLUSH_CHUNK) {
      const chunk = entries.slice(i, i + FLUSH_CHUNK);
      try {
        const res = await this.pool.query(FLUSH_SQL, [
          chunk.map(([id]) => id),
          chunk.map(([, p]) => JSON.stringify(p.values)),
          chunk.map(([, p]) => new Date(p.seenAt)),
        ]);
        const seen = chunk.filter(([, p]) => p.profileId !== undefined);
        if (seen.length > 0) {
          await this.pool.query(ROLLOUT_SEEN_SQL, [
            seen.map(([, p]) => p.profileId),
            seen.map(([, p]) => new Date(p.seenAt)),
          ]);
        }
        this.counters.statusWrites++;
        this.counters.statusRowsWritten += res.rowCount ?? 0;
      } catch (err) {
        this.counters.statusWriteErrors++;
        this.logger.warn(
          { err: (err as Error).message, devices: chunk.length },
          'device status write failed; retrying',
        );
        // Put it back under anything newer that arrived meanwhile.
        for (const [id, p] of entries.slice(i)) {
          const newer = this.pending.get(id);
          this.pending.set(
            id,
            newer
              ? {
                  values: { ...p.values, ...newer.values },
                  seenAt: Math.max(p.seenAt, newer.seenAt),
                  profileId: newer.profileId ?? p.profileId,
                }
              : p,
          );
        }
        return;
      }
    }
  }

  /** Stops the timer and writes what is left (a few attempts: the database may be briefly away). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 5 && (this.pending.size > 0 || this.flushing); attempt++) {
      await this.flush();
      if (this.pending.size > 0) await new Promise((r) => setTimeout(r, 200));
    }
    if (this.pending.size > 0) {
      this.logger.error({ devices: this.pending.size }, 'device status reports not written at shutdown');
    }
  }
}

export interface DeviceHotPath {
  cache: DeviceCache;
  status: StatusWriter;
  /** What woken long-polls read, batched (policy/events-batch.ts). */
  events: EventsBatcher;
  counters: HotPathCounters;
}

export function createDeviceHotPath(opts: {
  pool: pg.Pool;
  logger: Logger;
  live: () => boolean;
  /** Messages one `GET events` answer hands out (policy/service.ts MAX_MESSAGES_PER_POLL). */
  maxMessagesPerPoll: number;
  flushMs?: number;
}): DeviceHotPath {
  const counters: HotPathCounters = {
    authHits: 0,
    authMisses: 0,
    etagHits: 0,
    etagMisses: 0,
    invalidations: 0,
    statusWrites: 0,
    statusRowsWritten: 0,
    statusWriteErrors: 0,
  };
  return {
    counters,
    cache: new DeviceCache(opts.live, counters),
    status: new StatusWriter(opts.pool, opts.logger, counters, opts.flushMs),
    events: new EventsBatcher(opts.pool, { maxMessages: opts.maxMessagesPerPoll }),
  };
}
