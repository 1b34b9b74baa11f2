import type { Template } from '@fleetdeck/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { settingsOfChange, type SettingsTarget } from '@/portal/components/settings/target';
import { templateSaved, updateTemplate } from './update-template';

/**
 * A policy template as the settings tabs' target: every change is `PUT templates/:id {settings: {<key>: value}}`
 * (the keys of that change only; a list's add or delete sends the new list), answered with the new version.
 * A template keeps no application lists (they are each device's own calls), so those tabs are left out.
 */
export function useTemplateTarget(template: Template): SettingsTarget {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      id: template._id,
      settings: template.settings,
      save: async (change) => {
        const answer = await updateTemplate({
          id: template._id,
          settings: settingsOfChange(template.settings, change),
        });
        await templateSaved(queryClient, answer);
        return answer;
      },
    }),
    [template, queryClient],
  );
}
