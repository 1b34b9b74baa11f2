import { commandsApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type CommandListParams = EndpointQueryOut<typeof commandsApi.commandList>;

/** `GET commands`: the customer's commands, newest first, by type (or one device's), paged on the server. */
export const getCommands = ({ type, profileId, page, limit }: CommandListParams, signal?: AbortSignal) =>
  client(commandsApi.commandList, { query: { type, profileId, page, limit }, signal });

/** The Commands page's list, and a device page's look at its own recent commands (lost mode on its way). */
export const commandListQueryOptions = (params: CommandListParams) =>
  queryOptions({
    queryKey: queryKeys.commandList(params),
    queryFn: ({ signal }) => getCommands(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useCommands = (params: CommandListParams) => useQuery(commandListQueryOptions(params));
