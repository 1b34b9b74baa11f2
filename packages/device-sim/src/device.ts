import {
  COMMAND_LABELS,
  COMMAND_TYPES,
  MAX_LOG_BATCH,
  RING_DEFAULT_SECONDS,
  commandsApi,
  devicesApi,
  fillPath,
  policyApi,
  type DeviceApplication,
  type Endpoint,
  type DeviceMessage,
  type EnrolResponse,
  type EventsResponse,
  type CommandResultRequest,
  type CommandType,
  type PolicyResponse,
} from '@fleetdeck/contract';
import { DeviceApiError, DeviceHttp, errorText, type RequestRecord } from './client.ts';
import {
  activityLogs,
  applyPolicyToInventory,
  deviceProfile,
  drainBattery,
  inventoryFor,
  type ActivityLog,
  type DeviceProfile,
} from './inventory.ts';
import { createRandom, hashSeed } from './random.ts';
import type { Limiter } from './stats.ts';

/** A call of the device API (the contract's endpoint table). */
type DeviceEndpoint = Endpoint & { method: 'GET' | 'POST' | 'PUT' };

export interface SimulatedDeviceOptions {
  /** API base, e.g. http://localhost:3000. */
  baseUrl: string;
  enrolmentToken: string;
  /**
   * The credential an earlier run of this device received: re-enrolling a device that is still enrolled needs it
   * (DECISIONS §6), as an updated app still holds it.
   */
  deviceToken?: string;
  /** The app enrolling: a plan code (PD, PDOT, SL, PC, KM…). */
  appName: string;
  serialNumber: string;
  deviceName?: string;
  appVersionCode?: string;
  /** Seeds model, inventory and battery; defaults to a hash of the serial number. */
  seed?: number;
  fetch?: typeof fetch;
  onRequest?: (r: RequestRecord) => void;
  /** Human-readable activity of this device (the CLI prints it). */
  log?: (device: SimulatedDevice, line: string) => void;
  /** Bounds the short requests of a whole fleet (long-polls are not counted). */
  limiter?: Limiter;
  /** How often the run loop reports status and sends logs. */
  statusIntervalMs?: number;
  /** Delay between a notification's "delivered" and "opened". */
  openDelayMs?: number;
  now?: () => number;
  /** Fails this share (0–1) of the policies it applies on purpose, answering `policy/ack {result: 'Failed'}`. */
  failRate?: number;
  /** Fails every policy in which this setting (a key, or a dotted path like `advancedSettings.factoryReset`) is on. */
  failWhen?: string;
  /** Enrols into this group (a group's enrolment QR, `…&group=<id>`): the device joins it with its template. */
  groupId?: string;
  /**
   * What the app claims it can do (DECISIONS §11), sent in `enrol` and `status`; default every command type (the
   * simulated app is device owner). A command it does not claim is answered `failed` if it arrives anyway.
   */
  capabilities?: readonly string[];
}

/** A command as the device ran it (tests and the CLI read them). */
export interface RanCommand {
  messageId: string;
  commandId: string;
  type: string;
  params: Record<string, unknown>;
  state: 'succeeded' | 'failed';
  result?: CommandResultRequest['result'];
  message: string;
  at: number;
}

/** Whether a policy setting is "on": true, a non-empty text other than None, a non-zero number, a non-empty list. */
function settingIsOn(policy: Record<string, unknown>, path: string): boolean {
  let value: unknown = policy;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value === 'string') return value !== '' && value !== 'None';
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  return value === true;
}

/** A notification as the app shows it: its text, when it arrived and when the user opened it. */
export interface ReceivedNotification {
  id: string;
  title: string;
  message: string;
  deliveredAt: number;
  openedAt: number | null;
}

export type PolicyFetch =
  | { changed: false; version: number }
  | { changed: true; version: number; policy: Record<string, unknown>; profileId: string };

export interface EventsResult {
  policyVersion: number;
  policyChanged: boolean;
  messages: DeviceMessage[];
  logout: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Pause after an empty `wait=0` poll. */
export const EMPTY_POLL_PAUSE_MS = 1000;

const isAbort = (err: unknown) => err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');

/** Accepts the policy answer with or without the `data` envelope. */
function policyOf(body: unknown): PolicyResponse['data'] {
  const b = (body ?? {}) as { data?: PolicyResponse['data'] } & Partial<PolicyResponse['data']>;
  const d = b.data ?? (b as PolicyResponse['data']);
  return {
    version: Number(d.version ?? 0),
    profileId: String(d.profileId ?? ''),
    appName: String(d.appName ?? ''),
    policy: d.policy ?? {},
  };
}

/**
 * One simulated Android device: enrols with the customer's token, then speaks the device API of
 * DECISIONS §6 as the real apps do (status, inventory, policy with ETag, acks, logs, exports, long-poll,
 * notification receipts).
 */
export class SimulatedDevice {
  readonly serialNumber: string;
  readonly appName: string;
  readonly hardware: DeviceProfile;
  readonly rnd: () => number;
  deviceToken: string | null = null;
  deviceId: string | null = null;
  profileId: string | null = null;
  /** The policy's `appVersion` says this app is older than the family's minimum. */
  updateRequired = false;
  /** The policy version this device has applied (0 = none yet). */
  appliedVersion = 0;
  /** The newest policy version the server announced. */
  serverVersion = 0;
  etag: string | null = null;
  battery: number;
  applications: DeviceApplication[];
  pendingLogs: ActivityLog[] = [];
  /** The notifications this device received, as its user sees them (shown, then opened). */
  notifications: ReceivedNotification[] = [];
  /** The commands this device ran, in order. */
  commands: RanCommand[] = [];
  /** The lock screen's message while locked by a command (null: unlocked). */
  locked: { message: string } | null = null;
  /** Lost mode while on: what the screen shows. */
  lostMode: { message: string; phone: string } | null = null;
  stopped: string | null = null;
  private readonly http: DeviceHttp;
  private readonly now: () => number;
  private lastBatteryAt: number;

  constructor(readonly opts: SimulatedDeviceOptions) {
    this.serialNumber = opts.serialNumber;
    this.appName = opts.appName;
    const seed = opts.seed ?? hashSeed(opts.serialNumber);
    this.rnd = createRandom(seed ^ 0xb47);
    this.hardware = deviceProfile(seed);
    this.applications = inventoryFor(seed);
    this.battery = this.hardware.batteryLevel;
    this.now = opts.now ?? Date.now;
    this.lastBatteryAt = this.now();
    this.http = new DeviceHttp({ baseUrl: opts.baseUrl, fetch: opts.fetch, onRequest: opts.onRequest });
  }

  get deviceName() {
    return (
      this.opts.deviceName ?? `${this.hardware.deviceModel.replace(/ \(.*\)$/, '')} ${this.serialNumber.slice(-4)}`
    );
  }

  private log(line: string) {
    this.opts.log?.(this, line);
  }

  private auth(): Record<string, string> {
    if (!this.deviceToken) throw new Error(`${this.serialNumber} is not enrolled`);
    return { authorization: `Device ${this.deviceToken}` };
  }

  /** Short requests go through the fleet's limiter when there is one. */
  private call<T>(
    endpoint: DeviceEndpoint,
    init: {
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
      params?: Record<string, string>;
      query?: URLSearchParams;
    } = {},
    limited = true,
  ) {
    const { params, query, ...request } = init;
    const url = fillPath(endpoint.path, params) + (query ? `?${query}` : '');
    const run = () => this.http.request<T>(endpoint.method, url, request);
    return limited && this.opts.limiter ? this.opts.limiter.run(run) : run();
  }

  async enrol(): Promise<EnrolResponse> {
    const h = this.hardware;
    const held = this.deviceToken ?? this.opts.deviceToken;
    const res = await this.call<EnrolResponse>(devicesApi.enrol, {
      ...(held ? { headers: { authorization: `Device ${held}` } } : {}),
      body: {
        enrolmentToken: this.opts.enrolmentToken,
        serialNumber: this.serialNumber,
        deviceName: this.deviceName,
        appName: this.appName,
        appVersionCode: this.opts.appVersionCode ?? '380',
        deviceModel: h.deviceModel,
        osVersion: h.osVersion,
        macAddress: h.macAddress,
        localIpAddress: h.localIpAddress,
        batteryLevel: Math.round(this.battery),
        capabilities: [...this.capabilities],
        ...(this.opts.groupId ? { groupId: this.opts.groupId } : {}),
      },
    });
    const b = (res.body ?? {}) as Partial<EnrolResponse>;
    const d = b.data ?? b;
    if (!d.deviceToken) throw new Error(`enrol of ${this.serialNumber} answered without a deviceToken`);
    this.deviceToken = d.deviceToken;
    this.deviceId = d.deviceId ?? null;
    this.profileId = d.profileId ?? null;
    this.serverVersion = d.policyVersion ?? 0;
    this.pendingLogs.push({
      deviceActivity: 'Device enrolled',
      activityResult: 'Success',
      created_at: new Date(this.now()).toISOString(),
    });
    this.log(
      `enrolled (profile ${this.profileId ?? '?'}, ${this.applications.length} apps, battery ${Math.round(this.battery)} %)`,
    );
    return res.body as EnrolResponse;
  }

  /** Battery drifts down with the time elapsed since the last report. */
  tickBattery() {
    const t = this.now();
    this.battery = drainBattery(this.battery, (t - this.lastBatteryAt) / 1000, this.rnd);
    this.lastBatteryAt = t;
    return Math.round(this.battery);
  }

  async reportStatus(): Promise<void> {
    const h = this.hardware;
    await this.call(devicesApi.status, {
      headers: this.auth(),
      body: {
        batteryLevel: this.tickBattery(),
        localIpAddress: h.localIpAddress,
        macAddress: h.macAddress,
        osVersion: h.osVersion,
        appVersionCode: this.opts.appVersionCode ?? '380',
        deviceModel: h.deviceModel,
        deviceName: this.deviceName,
        capabilities: [...this.capabilities],
        location: this.position(),
      },
    });
  }

  /** What the app claims it can do. */
  get capabilities(): readonly string[] {
    return this.opts.capabilities ?? COMMAND_TYPES;
  }

  /** Where the device is: its site, a few metres off each time. */
  position() {
    const h = this.hardware;
    return {
      latitude: Number((h.location.latitude + (this.rnd() - 0.5) * 0.002).toFixed(5)),
      longitude: Number((h.location.longitude + (this.rnd() - 0.5) * 0.002).toFixed(5)),
      accuracy: h.location.accuracy,
    };
  }

  async reportInventory(): Promise<void> {
    await this.call(devicesApi.applications, { headers: this.auth(), body: { applications: this.applications } });
  }

  /** GET policy with If-None-Match: a 304 means the applied version is still current. */
  async fetchPolicy(signal?: AbortSignal): Promise<PolicyFetch> {
    const headers = this.auth();
    if (this.etag) headers['if-none-match'] = this.etag;
    const res = await this.call<PolicyResponse>(policyApi.policy, { headers, signal });
    if (res.status === 304) return { changed: false, version: this.appliedVersion };
    const etag = res.headers.get('etag');
    const p = policyOf(res.body);
    this.etag = etag;
    this.serverVersion = Math.max(this.serverVersion, p.version);
    this.checkAppVersion(p.policy);
    return { changed: true, version: p.version, policy: p.policy, profileId: p.profileId };
  }

  /**
   * DECISIONS §8 "App version config": the policy's `appVersion` block names the family's minimum app version; an
   * older app prints "update required" (and "(forced)" when `forceUpdate`). Answers whether an update is required.
   */
  checkAppVersion(policy: Record<string, unknown>): boolean {
    const block = policy.appVersion as { minAppVersionCode?: unknown; message?: unknown; forceUpdate?: unknown } | null;
    const min = Number(block?.minAppVersionCode);
    const mine = Number(this.opts.appVersionCode ?? '380');
    this.updateRequired = Number.isFinite(min) && Number.isFinite(mine) && mine < min;
    if (this.updateRequired) {
      const message = typeof block?.message === 'string' && block.message !== '' ? `: ${block.message}` : '';
      this.log(`update required (app ${mine} < ${min})${block?.forceUpdate === true ? ' (forced)' : ''}${message}`);
    }
    return this.updateRequired;
  }

  async ack(version: number, result: 'Success' | 'Failed', message = ''): Promise<void> {
    await this.call(policyApi.ack, { headers: this.auth(), body: { version, result, message } });
    if (result === 'Success') this.appliedVersion = version;
  }

  /** Simulated apply: the apps the policy disables get app_disable true. Returns the disabled package names. */
  applyPolicy(policy: Record<string, unknown>) {
    const r = applyPolicyToInventory(this.applications, policy);
    this.applications = r.applications;
    return r;
  }

  /**
   * Fetch → apply → ack Success → re-report the inventory (when the apply changed it) → back up the
   * disabled apps. Returns the new version, or null when the policy was unchanged (304).
   */
  async syncPolicy(signal?: AbortSignal): Promise<number | null> {
    const fetched = await this.fetchPolicy(signal);
    // Version 0 is the empty policy of a profile the console never applied: nothing to apply or acknowledge.
    if (!fetched.changed || fetched.version === 0) return null;
    const refusal = this.refusalOf(fetched.policy);
    if (refusal) {
      // A failure on purpose (--fail-rate, --fail-when): nothing applied, the console sees why.
      await this.ack(fetched.version, 'Failed', refusal);
      this.log(`policy v${fetched.version} failed on purpose: ${refusal}`);
      return fetched.version;
    }
    const before = this.applications.filter((a) => a.app_disable).length;
    let applied: ReturnType<SimulatedDevice['applyPolicy']>;
    try {
      applied = this.applyPolicy(fetched.policy);
    } catch (err) {
      await this.ack(fetched.version, 'Failed', errorText(err).slice(0, 1000));
      throw err;
    }
    await this.ack(fetched.version, 'Success', `Applied: ${applied.disabled.length} apps disabled`);
    this.pendingLogs.push({
      deviceActivity: `Policy v${fetched.version} applied`,
      activityResult: 'Success',
      created_at: new Date(this.now()).toISOString(),
    });
    this.log(`policy v${fetched.version} applied (${applied.disabled.length} apps disabled)`);
    if (applied.changed > 0) {
      await this.reportInventory();
      if (applied.disabled.length > 0 && applied.disabled.length !== before) await this.exportBackup();
    }
    return fetched.version;
  }

  /** Why this device fails the policy on purpose (`failWhen`, then `failRate`), or null to apply it. */
  refusalOf(policy: Record<string, unknown>): string | null {
    const { failWhen, failRate } = this.opts;
    if (failWhen && settingIsOn(policy, failWhen)) return `Cannot apply ${failWhen}: not supported on this device`;
    if (failRate && this.rnd() < failRate) return 'Simulated failure (--fail-rate)';
    return null;
  }

  /** Sends the queued activity lines (plus a few fresh ones when `fresh`), in batches the API accepts. */
  async sendLogs(fresh = true): Promise<number> {
    if (fresh) this.pendingLogs.push(...activityLogs(this.rnd, this.now(), 60_000));
    let sent = 0;
    while (this.pendingLogs.length > 0) {
      const batch = this.pendingLogs.slice(0, MAX_LOG_BATCH);
      await this.call(devicesApi.logs, { headers: this.auth(), body: { logs: batch } });
      this.pendingLogs.splice(0, batch.length);
      sent += batch.length;
    }
    return sent;
  }

  /** A backup of the disabled apps (restorable onto another device from the console). */
  async exportBackup(exportName = `Backup ${new Date(this.now()).toISOString().slice(0, 16).replace('T', ' ')}`) {
    const disabledApplications = this.applications
      .filter((a) => a.app_disable)
      // Package names: the console shows them and restores by them onto another device.
      .map((a) => a.package_name);
    await this.call(devicesApi.createExport, { headers: this.auth(), body: { exportName, disabledApplications } });
    this.log(`exported "${exportName}" (${disabledApplications.length} disabled apps)`);
  }

  /** Long-poll: answers at once when something is pending, else after `wait` seconds. Not limited. */
  async pollEvents(wait: number, signal?: AbortSignal): Promise<EventsResult> {
    const q = new URLSearchParams({ wait: String(wait), version: String(this.appliedVersion) });
    const res = await this.call<EventsResponse>(policyApi.events, { headers: this.auth(), signal, query: q }, false);
    const b = (res.body ?? {}) as Partial<EventsResponse> & Partial<EventsResponse['data']>;
    const d = b.data ?? (b as Partial<EventsResponse['data']>);
    const policyVersion = Number(d.policyVersion ?? this.serverVersion);
    this.serverVersion = Math.max(this.serverVersion, policyVersion);
    return {
      policyVersion,
      policyChanged: d.policyChanged === true || policyVersion > this.appliedVersion,
      messages: Array.isArray(d.messages) ? d.messages : [],
      logout: d.logout === true,
    };
  }

  async ackMessage(id: string, state: 'delivered' | 'opened'): Promise<void> {
    const endpoint = state === 'delivered' ? policyApi.messageDelivered : policyApi.messageOpened;
    await this.call(endpoint, { headers: this.auth(), params: { id } });
  }

  /**
   * Notifications: delivered, then opened a moment later. Commands: delivered, run, their result reported (DECISIONS
   * §11); the console's `sync_applications` re-reports the inventory.
   */
  async handleMessage(msg: DeviceMessage, signal?: AbortSignal): Promise<void> {
    const p = msg.payload;
    if (msg.kind === 'notification') {
      await this.ackMessage(msg._id, 'delivered');
      const title = typeof p.title === 'string' ? p.title : typeof p.message === 'string' ? p.message : msg._id;
      const message = typeof p.message === 'string' ? p.message : typeof p.body === 'string' ? p.body : '';
      const shown: ReceivedNotification = { id: msg._id, title, message, deliveredAt: this.now(), openedAt: null };
      this.notifications.push(shown);
      this.log(`notification "${title}" shown: ${message}`);
      await sleep(this.opts.openDelayMs ?? 500 + Math.floor(this.rnd() * 1500), signal);
      if (signal?.aborted) return;
      await this.ackMessage(msg._id, 'opened');
      shown.openedAt = this.now();
      this.log(`notification "${title}" opened`);
      return;
    }
    await this.ackMessage(msg._id, 'delivered').catch((err: unknown) => {
      // A server that does not track a command's delivery may answer 404.
      if (!(err instanceof DeviceApiError && err.status === 404)) throw err;
    });
    if (typeof p.commandId === 'string') {
      await this.runCommand(msg, signal);
      return;
    }
    // The console's own requests without a ledger (`profile/device/application/sync` queues `sync_applications`).
    const command = String(p.command ?? p.type ?? p.action ?? '');
    this.log(`command "${command || 'unknown'}"`);
    if (/sync|application/i.test(command)) await this.reportInventory();
    else if (/status|locate/i.test(command)) await this.reportStatus();
    else if (/policy/i.test(command)) await this.syncPolicy(signal);
    this.pendingLogs.push({
      deviceActivity: `Command ${command || msg._id}`,
      activityResult: 'Success',
      created_at: new Date(this.now()).toISOString(),
    });
  }

  /**
   * Runs a command (DECISIONS §11, payload `{commandId, type, params}`) as the app would and reports the outcome with
   * `POST commands/:id/result`: lock and lost mode change the screen, ring rings, locate answers a position, sync
   * reports status and inventory, clear_app_data needs the app installed, reboot comes back at once.
   */
  async runCommand(msg: DeviceMessage, signal?: AbortSignal): Promise<RanCommand> {
    const p = msg.payload;
    const type = String(p.type ?? p.command ?? '');
    const params = (p.params && typeof p.params === 'object' ? p.params : {}) as Record<string, unknown>;
    const label = COMMAND_LABELS[type as CommandType] ?? (type || 'unknown command');
    let outcome: Omit<CommandResultRequest, 'state'> & { state: 'succeeded' | 'failed' };
    if (!this.capabilities.includes(type)) {
      outcome = { state: 'failed', message: `This app cannot run ${label}` };
    } else {
      outcome = await this.execute(type as CommandType, params, signal);
    }
    const ran: RanCommand = {
      messageId: msg._id,
      commandId: String(p.commandId ?? ''),
      type,
      params,
      state: outcome.state,
      ...(outcome.result ? { result: outcome.result } : {}),
      message: outcome.message ?? '',
      at: this.now(),
    };
    this.commands.push(ran);
    this.log(`command ${label}: ${outcome.state}${outcome.message ? ` (${outcome.message})` : ''}`);
    await this.call(commandsApi.commandResult, { headers: this.auth(), params: { id: msg._id }, body: outcome });
    return ran;
  }

  private async execute(
    type: CommandType,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Omit<CommandResultRequest, 'state'> & { state: 'succeeded' | 'failed' }> {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    switch (type) {
      case 'lock':
        this.locked = { message: text(params.message) };
        return { state: 'succeeded', message: this.locked.message ? `Locked: ${this.locked.message}` : 'Locked' };
      case 'reboot':
        this.pendingLogs.push({
          deviceActivity: 'Reboot',
          activityResult: 'Success',
          created_at: new Date(this.now()).toISOString(),
        });
        return { state: 'succeeded', message: 'Rebooted' };
      case 'clear_app_data': {
        const pkg = text(params.packageName);
        const app = this.applications.find((a) => a.package_name === pkg && a.app_status !== 'Uninstalled');
        if (!app) return { state: 'failed', message: `${pkg || 'The app'} is not installed on this device` };
        return { state: 'succeeded', message: `Cleared the data of ${app.app_name || pkg}` };
      }
      case 'ring': {
        const seconds = typeof params.seconds === 'number' ? params.seconds : RING_DEFAULT_SECONDS;
        return { state: 'succeeded', message: `Rang for ${seconds} s` };
      }
      case 'locate':
        return { state: 'succeeded', result: this.position() };
      case 'lost_mode':
        if (params.enabled === false) {
          this.lostMode = null;
          return { state: 'succeeded', message: 'Lost mode off' };
        }
        this.lostMode = { message: text(params.message), phone: text(params.phone) };
        return { state: 'succeeded', message: 'Lost mode on' };
      case 'sync':
        await this.reportStatus();
        await this.reportInventory();
        if (signal?.aborted) return { state: 'failed', message: 'Stopped before syncing' };
        return { state: 'succeeded', message: `Reported status and ${this.applications.length} apps` };
    }
  }

  /**
   * Only the event loop of an enrolled device (no status, inventory or policy traffic): long-polls `GET events` and
   * handles what arrives (notifications shown and opened, commands) until `signal` aborts or the device is logged out.
   * Load tests use it to measure message delivery alone.
   */
  async listen(signal: AbortSignal, opts: { wait?: number } = {}): Promise<void> {
    const wait = opts.wait ?? 30;
    let backoff = 1000;
    while (!signal.aborted && !this.stopped) {
      try {
        const ev = await this.pollEvents(wait, signal);
        if (ev.logout) {
          this.stopped = 'logged out from the console';
          break;
        }
        // Each message is handled on its own: a notification waiting to be opened does not hold up the next poll.
        for (const m of ev.messages) void this.handleMessage(m, signal).catch(() => undefined);
        if (wait === 0 && ev.messages.length === 0) await sleep(EMPTY_POLL_PAUSE_MS, signal);
        backoff = 1000;
      } catch (err) {
        if (signal.aborted || isAbort(err)) break;
        if (err instanceof DeviceApiError && err.status === 401) {
          this.stopped = errorText(err);
          break;
        }
        await sleep(backoff + Math.floor(this.rnd() * 500), signal);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }

  /** One check-in as the apps do between events: status, then policy (304 when unchanged). */
  async checkIn(): Promise<PolicyFetch> {
    await this.reportStatus();
    return this.fetchPolicy();
  }

  /** `--once`: enrol (if needed), report status and inventory, fetch+ack the policy, send logs. */
  async once(signal?: AbortSignal): Promise<void> {
    if (!this.deviceToken) await this.enrol();
    await this.reportStatus();
    await this.reportInventory();
    await this.syncPolicy(signal);
    await this.sendLogs();
  }

  /**
   * The life of a device until `signal` aborts: enrol, report, apply the policy, then long-poll for events;
   * every `statusIntervalMs` report status and send logs. Network and server errors back off and retry;
   * a revoked token (401) or a logout event ends the device.
   */
  async run(signal: AbortSignal, opts: { wait?: number } = {}): Promise<void> {
    const wait = opts.wait ?? 30;
    const interval = this.opts.statusIntervalMs ?? 60_000;
    let backoff = 1000;
    let lastStatus = 0;
    let started = false;
    while (!signal.aborted && !this.stopped) {
      try {
        if (!started) {
          await this.once(signal);
          started = true;
          lastStatus = this.now();
        }
        const ev = await this.pollEvents(wait, signal);
        if (ev.logout) {
          this.stopped = 'logged out from the console';
          this.log('logged out from the console: stopping');
          break;
        }
        if (ev.policyChanged) {
          const v = await this.syncPolicy(signal);
          if (v === null && ev.policyVersion > this.appliedVersion) {
            // Announced but answered 304: fetch without the ETag once, and do not spin if it stays behind.
            this.etag = null;
            await this.syncPolicy(signal);
            if (ev.policyVersion > this.appliedVersion) await sleep(1000, signal);
          }
        }
        for (const m of ev.messages) await this.handleMessage(m, signal);
        // `wait` 0 answers at once: pause between empty polls instead of spinning (which would also starve timers).
        if (wait === 0 && !ev.policyChanged && ev.messages.length === 0) await sleep(EMPTY_POLL_PAUSE_MS, signal);
        if (this.now() - lastStatus >= interval) {
          lastStatus = this.now();
          await this.reportStatus();
          await this.sendLogs();
        }
        backoff = 1000;
      } catch (err) {
        if (signal.aborted || isAbort(err)) break;
        if (err instanceof DeviceApiError && (err.status === 401 || err.code === 'E_NO_LICENCE')) {
          this.stopped = errorText(err);
          this.log(`stopping: ${this.stopped}`);
          break;
        }
        this.log(`${errorText(err)}; retrying in ${Math.round(backoff / 1000)} s`);
        await sleep(backoff + Math.floor(this.rnd() * 500), signal);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }
}
