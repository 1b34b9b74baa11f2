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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
