import type { Template } from '@fleetdeck/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { settingsOfChange, type SettingsTarget } from '@/portal/components/settings/target';
import { fleetQueryKeys } from './query-keys';
import { applicationsOfChange, templateApplications } from './template-applications';
import { templateSaved, updateTemplate } from './update-template';

/**
 * A policy template as the settings tabs' target: every change is `PUT templates/:id {settings: {<key>: value}}`
 * (the keys of that change only; a list's add or delete sends the new list), answered with the new version.
 */
export function useTemplateTarget(template: Template): SettingsTarget {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      id: template._id,
      settings: template.settings,
      save: async (change) => {
        const profileApplications = applicationsOfChange(template, change);
        const settings = profileApplications ? { profileApplications } : settingsOfChange(template.settings, change);
        const answer = await updateTemplate({ id: template._id, settings });
        await templateSaved(queryClient, answer);
        return answer;
      },
      // Read from the template's settings (of this version): nothing to ask the server.
      applications: (productType) => ({
        queryKey: [
          ...fleetQueryKeys.template(template._id),
          'applications',
          productType ?? 'cleaner',
          template.version,
        ],
        queryFn: () => Promise.resolve({ respones_msg: '', data: templateApplications(template, productType) }),
        select: (answer) => answer.data,
        staleTime: Infinity,
        // A save makes a new version (a new key): the list stays on screen meanwhile.
        placeholderData: (previous) => previous,
      }),
    }),
    [template, queryClient],
  );
}
