import { commandsApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { commandQueryKeys } from './query-keys';

export type CommandListParams = EndpointQueryOut<typeof commandsApi.commandList>;

/** `GET commands`: the customer's commands, newest first, by type (or one device's), paged on the server. */
export const getCommands = ({ type, profileId, page, limit }: CommandListParams, signal?: AbortSignal) =>
  client(commandsApi.commandList, { query: { type, profileId, page, limit }, signal });

export const useCommands = (params: CommandListParams) =>
  useQuery({
    queryKey: commandQueryKeys.list(params),
    queryFn: ({ signal }) => getCommands(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
