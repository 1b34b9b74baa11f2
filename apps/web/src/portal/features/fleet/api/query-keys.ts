import { queryKeys } from '@/portal/lib/query-keys';

/** The fleet pages' own keys, on the app's prefixes (`queryKeys.groups`, `.rollouts`, `.templates`). */
export const fleetQueryKeys = {
  templates: queryKeys.templates,
  templateList: (params: object) => [...queryKeys.templates, 'list', params] as const,
  template: (id: string) => [...queryKeys.templates, 'detail', id] as const,
  deviceChoices: (search: string) => ['fleet', 'device-choices', search] as const,
  group: (id: string) => [...queryKeys.groups, 'detail', id] as const,
  rolloutList: (params: object) => [...queryKeys.rollouts, 'list', params] as const,
  rollout: (id: string) => [...queryKeys.rollouts, 'detail', id] as const,
  rolloutDevices: (id: string, params: object) => [...queryKeys.rollouts, 'detail', id, 'devices', params] as const,
  templateChoices: (family: string | undefined) => [...queryKeys.templates, 'choices', family ?? 'all'] as const,
  enrolmentQr: (groupId: string) => [...queryKeys.groups, 'detail', groupId, 'enrolment-qr'] as const,
};
