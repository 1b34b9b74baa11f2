import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['../apps/api/test/global-setup.ts'],
    // Browser journeys are long; each file starts its own server and browser. A worker keeps the product's modules
    // loaded from one file to the next, as in the API project (nothing here mocks a module).
    isolate: false,
    // The run's first group (root vitest.config.ts): the longest files, a worker per core.
    sequence: { groupOrder: 0 },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
