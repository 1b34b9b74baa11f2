import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import { startTestPostgres } from './support/postgres.ts';
import { bundleDir } from './support/server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Names this run's test databases (support/postgres.ts); the workers start after this and inherit it.
  process.env.FD_TEST_RUN ??= String(process.pid);
  const pg = await startTestPostgres();
  project.provide('pgAdminUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    // The server bundle the child-process tests built in this run, if any (support/server-bundle.ts).
    fs.rmSync(bundleDir(), { recursive: true, force: true });
  };
}
