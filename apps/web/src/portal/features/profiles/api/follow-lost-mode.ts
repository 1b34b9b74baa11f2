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
 * True while a lost mode command this device received is still queued or delivered (or being fanned out): its page
 * then asks again every 5 s, and stops once every one has ended. A send refreshes the commands' queries, so a lost mode
 * sent from the page starts it at once. The counts are the command's, over all its devices: a command to many keeps
 * this device's page asking until the last of them has answered or expired.
 */
export function useLostModePending(profileId: string) {
  const recent = useQuery({
    ...commandListQueryOptions({ type: 'lost_mode', profileId, page: 1, limit: RECENT }),
    refetchInterval: (query) => (query.state.data?.data.some(isCommandLive) ? LOST_MODE_POLL_MS : false),
  });
  return recent.data?.data.some(isCommandLive) ?? false;
}

/**
 * The device's own state on its page (the lost mode banner, the Commands menu's on/off), read with the Applications
 * tab's first filters (the same query, asked once): asked again every 5 s while lost mode is on its way, and once more
 * when it has arrived (the last answer may have come before the device's result), so the banner comes and goes by
 * itself.
 */
export function useDeviceFollowingLostMode(profileId: string) {
  const pending = useLostModePending(profileId);
  const device = useQuery({
    ...deviceDetailQueryOptions(profileId, FIRST_DEVICE_APPS_FILTERS),
    refetchInterval: pending ? LOST_MODE_POLL_MS : false,
  });
  const { refetch } = device;
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void refetch();
    wasPending.current = pending;
  }, [pending, refetch]);
  return device;
}
