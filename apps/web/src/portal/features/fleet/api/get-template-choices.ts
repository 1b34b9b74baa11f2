import { fleetApi, type Family } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** The templates a picker offers (a group's template, a rollout's): the first 50 of a family. */
export const useTemplateChoices = (family: Family | undefined, enabled = true) =>
  useQuery({
    queryKey: fleetQueryKeys.templateChoices(family),
    queryFn: ({ signal }) => client(fleetApi.templateList, { query: { family, page: 1, limit: 50 }, signal }),
    enabled,
    meta: { silentError: true },
    select: (answer) => answer.data,
  });

/** A template as a select offers it: "Kiosk lobby (version 3)". */
export const templateOptions = (templates: { _id: string; name: string; version: number }[] | undefined) =>
  (templates ?? []).map((t) => ({ value: t._id, label: `${t.name} (version ${t.version})` }));
