import { defineConfig } from 'vitest/config';

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/device-sim', 'apps/api', 'apps/web', 'e2e'],
  },
});
