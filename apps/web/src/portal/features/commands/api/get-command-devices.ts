import { commandsApi, type Command, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isCommandLive } from '@/portal/components/commands/command-words';
import { client } from '@/shared/lib/api-client';
import { COMMAND_POLL_MS } from './get-command';
import { commandQueryKeys } from './query-keys';

export type CommandDevicesParams = EndpointQueryOut<typeof commandsApi.commandDevices>;

/** `GET commands/:id/devices?state=`: one ledger row per device (state, channel, times, result, message). */
export const getCommandDevices = (id: string, { state, page, limit }: CommandDevicesParams, signal?: AbortSignal) =>
  client(commandsApi.commandDevices, { params: { id }, query: { state, page, limit }, signal });

/**
 * The rows as shown: asked again while the command is live, and whenever its counts change (they are part of the key),
 * so the rows never lag behind the counts above them.
 */
export const useCommandDevices = (
  command: Pick<Command, '_id' | 'counts' | 'fanningOut' | 'total'>,
  params: CommandDevicesParams,
) =>
  useQuery({
    queryKey: [...commandQueryKeys.devices(command._id, params), command.counts] as const,
    queryFn: ({ signal }) => getCommandDevices(command._id, params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
    refetchInterval: isCommandLive(command) ? COMMAND_POLL_MS : false,
  });
