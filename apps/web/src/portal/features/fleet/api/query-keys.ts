/** The fleet pages' queries: every key starts with `fleet`, a template's with `['fleet', 'templates']`. */
export const fleetQueryKeys = {
  templates: ['fleet', 'templates'] as const,
  templateList: (params: object) => ['fleet', 'templates', 'list', params] as const,
  template: (id: string) => ['fleet', 'templates', 'detail', id] as const,
  deviceChoices: (search: string) => ['fleet', 'device-choices', search] as const,
};
