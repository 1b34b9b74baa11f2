import { commandsApi } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { isCommandLive } from '@/portal/components/commands/command-words';
import { client } from '@/shared/lib/api-client';
import { commandQueryKeys } from './query-keys';

/** A command is asked again this often while devices are queued or delivered (its counts move). */
export const COMMAND_POLL_MS = 3000;

/** `GET commands/:id`: type, params, who, expiry and the devices' counts by state. */
export const getCommand = async (id: string, signal?: AbortSignal) =>
  (await client(commandsApi.commandDetail, { params: { id }, signal })).data;

export const useCommand = (id: string) =>
  useQuery({
    queryKey: commandQueryKeys.detail(id),
    queryFn: ({ signal }) => getCommand(id, signal),
    enabled: id !== '',
    meta: { silentError: true },
    refetchInterval: (query) => (isCommandLive(query.state.data) ? COMMAND_POLL_MS : false),
  });
