import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { commandListQueryOptions } from '@/portal/api/get-commands';
import { isCommandLive } from '@/portal/components/commands/command-words';
import { deviceDetailQueryOptions, FIRST_DEVICE_APPS_FILTERS } from './get-device-detail';

/** While lost mode is on its way to the device (or off), its page asks this often for the device and its commands. */
export const LOST_MODE_POLL_MS = 5000;

/** The device's newest lost mode commands: enough to see the one just sent and any still waiting before it. */
const RECENT = 5;

/**
 * The device's newest lost mode commands, asked again every 5 s while one is still queued or delivered (or being fanned
 * out). A send refreshes the commands' queries, so a lost mode sent from the page shows here at once. The counts are
 * the command's, over all its devices: a command to many keeps this device's page asking until the last of them has
 * answered or expired.
 */
function useRecentLostModes(profileId: string) {
  const recent = useQuery({
    ...commandListQueryOptions({ type: 'lost_mode', profileId, page: 1, limit: RECENT }),
    refetchInterval: (query) => (query.state.data?.data.some(isCommandLive) ? LOST_MODE_POLL_MS : false),
  });
  return { commands: recent.data?.data, pending: recent.data?.data.some(isCommandLive) ?? false };
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
