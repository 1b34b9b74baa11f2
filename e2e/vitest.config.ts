import os from 'node:os';
import { defineProject } from 'vitest/config';
import { ACTION_TIMEOUT } from './support/timeouts.ts';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['../apps/api/test/global-setup.ts'],
    // Browser journeys are long; each file starts its own server (the worker's Chromium is shared: support/app.ts). A worker keeps the product's modules
    // loaded from one file to the next, as in the API project (nothing here mocks a module).
    isolate: false,
    // The run's first group (root vitest.config.ts): the longest files, with a worker more than the cores. The
    // journeys wait on the server, the simulated devices and the browser's idle network, which left the cores a third
    // idle at times with one worker per core (on Chromium's headless shell, 2 cores, the project alone: 157.5 s with 2
    // workers, 135.1 and 133.2 s with 3, 150.9 s with 4). TEST_E2E_WORKERS overrides.
    sequence: { groupOrder: 0 },
    maxWorkers: Number(process.env.TEST_E2E_WORKERS) || os.availableParallelism() + 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    retry: 0,
    // `expect.poll` waits on the page like an action does (its own default is 1 s).
    expect: { poll: { timeout: ACTION_TIMEOUT } },
  },
});
