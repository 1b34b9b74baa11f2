import { teamApi, type TeamResponse } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `GET team`: the account's members and pending invites (DECISIONS §12; `team.manage`). */
export const getTeam = async (signal?: AbortSignal): Promise<TeamResponse['data']> =>
  (await client(teamApi.teamList, { signal })).data;

export const teamQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.team, queryFn: ({ signal }) => getTeam(signal), meta: { silentError: true } });

/** `enabled: false` where the member may not manage the team (the audit log's member filter). */
export const useTeam = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...teamQueryOptions(), enabled });
