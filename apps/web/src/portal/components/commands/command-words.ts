import {
  COMMAND_DEVICE_STATES,
  COMMAND_LABELS,
  locateResultSchema,
  type Command,
  type CommandCounts,
  type CommandDeviceState,
  type CommandPreflight,
  type CommandType,
  type LocateResult,
} from '@fleetdeck/contract';
import { statusChoices, statusesOf } from '@/shared/lib/status';

/**
 * How the console says remote commands (DECISIONS §11) in words: the states of a device's row, what a type does, the
 * preflight's answer and a command's params. The labels of the types are the contract's (`COMMAND_LABELS`).
 */

export const COMMAND_STATE_LABELS = statusesOf<CommandDeviceState>({
  queued: 'gray',
  delivered: 'blue',
  succeeded: 'green',
  failed: 'red',
  expired: 'orange',
  cancelled: 'dark',
  unsupported: 'yellow',
});

export const COMMAND_TYPE_CHOICES = Object.entries(COMMAND_LABELS).map(([value, label]) => ({ value, label }));
export const COMMAND_STATE_CHOICES = statusChoices(COMMAND_DEVICE_STATES, COMMAND_STATE_LABELS);

/** "1,200": counts of thousands of devices. */
export const formatCount = (n: number) => n.toLocaleString('en-GB');
export const devicesCount = (n: number) => `${formatCount(n)} device${n === 1 ? '' : 's'}`;

const UNIT_SECONDS = { days: 86_400, hours: 3600, minutes: 60 } as const;
/** The units an expiry is typed in (the contract counts seconds, from a minute to 30 days). */
export const EXPIRY_UNITS = ['minutes', 'hours', 'days'] as const;
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number];

/** Seconds in the largest whole unit: "7 days", "1 hour", "10 minutes" (a whole number of minutes). */
export const expiryFieldsOf = (seconds: number): { expiry: string; expiryUnit: ExpiryUnit } => {
  const unit = (['days', 'hours'] as const).find((u) => seconds % UNIT_SECONDS[u] === 0) ?? 'minutes';
  return { expiry: String(seconds / UNIT_SECONDS[unit]), expiryUnit: unit };
};

/** The seconds of an expiry typed as a whole number of units; NaN for anything else (the contract refuses it). */
export const expirySecondsOf = (text: string, unit: ExpiryUnit): number =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) * UNIT_SECONDS[unit] : Number.NaN;

/** "7 days", "1 hour", "10 minutes". */
export const durationInWords = (seconds: number) => {
  const { expiry, expiryUnit } = expiryFieldsOf(seconds);
  return `${expiry} ${expiry === '1' ? expiryUnit.slice(0, -1) : expiryUnit}`;
};

/** What a device that can run the type can do, and what one that cannot cannot (after "can" / "cannot"). */
const CAN: Record<CommandType, { can: string; cannot: string }> = {
  lock: { can: 'be locked', cannot: 'be locked' },
  reboot: { can: 'be rebooted', cannot: 'reboot' },
  clear_app_data: { can: 'clear app data', cannot: 'clear app data' },
  ring: { can: 'ring', cannot: 'ring' },
  locate: { can: 'be located', cannot: 'be located' },
  lost_mode: { can: 'enter and leave lost mode', cannot: 'use lost mode' },
  sync: { can: 'sync', cannot: 'sync' },
};

/** The preflight in sentences: what can run first, then one line per reason the others cannot. */
export function preflightLines(type: CommandType, p: CommandPreflight): { ok: string | null; problems: string[] } {
  const { can, cannot } = CAN[type];
  if (p.total === 1) {
    const reason = p.notCapable[0]?.reason;
    return p.capable === 1
      ? { ok: `This device can ${can}.`, problems: [] }
      : { ok: null, problems: [`This device cannot ${cannot}: ${reason ?? 'it cannot run this command'}.`] };
  }
  const ok =
    p.capable === 0
      ? null
      : p.capable === p.total
        ? `All ${devicesCount(p.total)} can ${can}.`
        : `${formatCount(p.capable)} of ${devicesCount(p.total)} can ${can}.`;
  const problems = p.notCapable.map(
    (n) => `${formatCount(n.count)} of ${formatCount(p.total)} cannot ${cannot}: ${n.reason}.`,
  );
  return { ok, problems };
}

/** "Lock SN-123?", "Reboot 1,200 devices?": the confirmation's question. */
export function confirmQuestion(type: CommandType, target: string, params: Record<string, unknown>) {
  if (type === 'lost_mode')
    return params.enabled === false ? `Turn off lost mode on ${target}?` : `Put ${target} in lost mode?`;
  if (type === 'clear_app_data') return `Clear the data of ${String(params.packageName)} on ${target}?`;
  return `${COMMAND_LABELS[type]} ${target}?`;
}

const quoted = (v: unknown) => (typeof v === 'string' && v !== '' ? `"${v}"` : null);

/** A command's params in plain words ("Rings for 30 seconds", "Shows "Call me" and 555 0100"). */
export function paramsInWords(type: CommandType, params: Record<string, unknown>): string {
  switch (type) {
    case 'lock':
      return quoted(params.message) ? `Locks the screen showing ${quoted(params.message)}` : 'Locks the screen';
    case 'reboot':
      return 'Restarts the device';
    case 'clear_app_data':
      return `Clears the data of ${String(params.packageName ?? 'the app')}`;
    case 'ring': {
      const seconds = typeof params.seconds === 'number' ? params.seconds : 30;
      return `Rings for ${seconds} second${seconds === 1 ? '' : 's'}`;
    }
    case 'locate':
      return 'Reports where the device is';
    case 'lost_mode': {
      if (params.enabled === false) return 'Turns lost mode off';
      const shown = [
        quoted(params.message),
        typeof params.phone === 'string' && params.phone ? `phone ${params.phone}` : null,
      ]
        .filter(Boolean)
        .join(' and ');
      return shown ? `Turns lost mode on, showing ${shown}` : 'Turns lost mode on';
    }
    case 'sync':
      return 'Reports status and applications now';
  }
}

/** The counts that are not zero, in ledger order: the compact form of a command's progress. */
export const nonZeroCounts = (counts: CommandCounts) =>
  COMMAND_DEVICE_STATES.filter((s) => counts[s] > 0).map((s) => ({ state: s, count: counts[s] }));

/**
 * Rows still moving: queued or delivered, being written (fanning out), or not all counted yet (a command just sent,
 * read before its rows reached the counts): the pages ask again while there are any.
 */
export const isCommandLive = (c: Pick<Command, 'counts' | 'fanningOut' | 'total'> | undefined) =>
  c !== undefined &&
  (c.fanningOut ||
    c.counts.queued + c.counts.delivered > 0 ||
    COMMAND_DEVICE_STATES.reduce((sum, s) => sum + c.counts[s], 0) < c.total);

/** A `locate` result's position, when the row has one (cleared after 30 days). */
export const locatedAt = (result: Record<string, unknown> | null): LocateResult | null => {
  const parsed = locateResultSchema.safeParse(result);
  return parsed.success ? parsed.data : null;
};
