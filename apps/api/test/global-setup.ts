import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  project.provide('pgAdminUrl', pg.adminUrl);
  return async () => pg.stop();
}
