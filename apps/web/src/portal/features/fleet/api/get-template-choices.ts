import { fleetApi, type Family } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRemembered } from '@/shared/lib/remembered';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/**
 * The templates a picker offers (a group's template, a rollout's): the first 50 of a family, of those matching `search`
 * (typed in a `ServerSearchSelect`).
 */
export const useTemplateChoices = (family: Family | undefined, search = '', enabled = true) =>
  useQuery({
    queryKey: [...fleetQueryKeys.templateChoices(family), search],
    queryFn: ({ signal }) =>
      client(fleetApi.templateList, { query: { family, search: search || undefined, page: 1, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { silentError: true },
    select: (answer) => answer.data,
  });

/** A template as a select offers it: "Kiosk lobby (version 3)". */
export const templateOptions = (templates: { _id: string; name: string; version: number }[] | undefined) =>
  (templates ?? []).map((t) => ({ value: t._id, label: `${t.name} (version ${t.version})` }));

type TemplateChoice = NonNullable<ReturnType<typeof useTemplateChoices>['data']>[number];

/**
 * A template picker's state: the server searched for what is typed (`select` goes to a `ServerSearchSelect`), and the
 * chosen template (`value`) as last answered, kept when a later search no longer holds it.
 */
export function useTemplatePicker(family: Family | undefined, value: string | null | undefined) {
  const [search, setSearch] = useState('');
  const templates = useTemplateChoices(family, search);
  const chosen = useRemembered<TemplateChoice>(
    templates.data?.find((t) => t._id === value),
    value,
  );
  return {
    templates,
    chosen,
    select: { options: templateOptions(templates.data), searching: templates.isFetching, onSearch: setSearch },
  };
}
