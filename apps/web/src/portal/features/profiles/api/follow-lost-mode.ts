import type { Command } from '@fleetdeck/contract';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { commandListQueryOptions } from '@/portal/api/get-commands';
import { SEND_COMMAND_KEY, type sendCommand } from '@/portal/api/send-command';
import { isCommandLive } from '@/portal/components/commands/command-words';
import { deviceDetailQueryOptions, FIRST_DEVICE_APPS_FILTERS } from './get-device-detail';

/** While lost mode is on its way to the device (or off), its page asks this often for the device and its commands. */
export const LOST_MODE_POLL_MS = 5000;

/** The device's newest lost mode commands: enough to see the one just sent and any still waiting before it. */
const RECENT = 5;

/**
 * A lost mode sent from this page is followed this long even before it shows in the device's commands (its ledger
 * row is written by the fan-out job, a moment after the send).
 */
const FOLLOW_SENT_MS = 120_000;

/** The lost mode commands sent to this device from this tab (each send's answer). */
function useSentLostModes(profileId: string) {
  return useMutationState({
    filters: { mutationKey: SEND_COMMAND_KEY, status: 'success' },
    select: (m) => {
      const variables = m.state.variables as Parameters<typeof sendCommand>[0] | undefined;
      const sent = (m.state.data as Awaited<ReturnType<typeof sendCommand>> | undefined)?.data;
      return sent?.type === 'lost_mode' && variables?.body.profileIds?.includes(profileId) ? sent : null;
    },
  }).filter((c): c is Command => c !== null);
}

/** Sent from here a moment ago and not yet listed as ended. */
const followedAfterSend = (sent: Command[], listed: Command[] | undefined) =>
  sent.some(
    (c) =>
      Date.now() - Date.parse(c.created_at) < FOLLOW_SENT_MS &&
      !listed?.some((l) => l._id === c._id && !isCommandLive(l)),
  );

/**
 * The device's newest lost mode commands, asked again every 5 s while one is still queued or delivered (or being fanned
 * out), or one sent from this page has not shown as ended yet (for two minutes at most). The counts are
 * the command's, over all its devices: a command to many keeps this device's page asking until the last of them has
 * answered or expired.
 */
function useRecentLostModes(profileId: string) {
  const sent = useSentLostModes(profileId);
  const pendingIn = (listed: Command[] | undefined) =>
    (listed?.some(isCommandLive) ?? false) || followedAfterSend(sent, listed);
  const recent = useQuery({
    ...commandListQueryOptions({ type: 'lost_mode', profileId, page: 1, limit: RECENT }),
    refetchInterval: (query) => (pendingIn(query.state.data?.data) ? LOST_MODE_POLL_MS : false),
  });
  return { commands: recent.data?.data, pending: pendingIn(recent.data?.data) };
}

/**
 * The device's own state on its page (the lost mode banner, the Commands menu's on/off), read with the Applications
 * tab's first filters (the same query, asked once): asked again every 5 s while a lost mode command is on its way, and
 * whenever its lost mode commands change (one sent, one answered: a fast device may answer before the first ask), so
 * the banner comes and goes by itself.
 */
export function useDeviceFollowingLostMode(profileId: string) {
  const { commands, pending } = useRecentLostModes(profileId);
  const device = useQuery({
    ...deviceDetailQueryOptions(profileId, FIRST_DEVICE_APPS_FILTERS),
    refetchInterval: pending ? LOST_MODE_POLL_MS : false,
  });
  const { refetch } = device;
  // The same answer keeps its reference (structural sharing): only a change asks again; the first answer does not.
  const seen = useRef(commands);
  useEffect(() => {
    if (seen.current === commands) return;
    const first = seen.current === undefined;
    seen.current = commands;
    if (!first) void refetch();
  }, [commands, refetch]);
  return device;
}
