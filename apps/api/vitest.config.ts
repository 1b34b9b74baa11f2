import os from 'node:os';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // The SDK's test (packages/sdk) drives a test server of this project.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/sdk/src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // A worker keeps the product's modules loaded from one test file to the next (importing them took ~4 s per file);
    // every file still starts its own runtime on its own database (test/support/runtime.ts).
    isolate: false,
    // The run's second group (root vitest.config.ts), with two workers more than the cores: the API files wait on
    // PostgreSQL, timers and child processes a third of the time, which left a core idle with one worker per core
    // (measured alone on 2 cores: 198.7 s with 2 workers, 176.6 s with 3; later, one run after the other, 149.5 s with
    // 3, 124.8 and 130.8 s with 4, 148.9 s with 5). TEST_API_WORKERS overrides.
    sequence: { groupOrder: 1 },
    maxWorkers: Number(process.env.TEST_API_WORKERS) || os.availableParallelism() + 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
