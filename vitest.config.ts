import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { MODULE_MOCKING_TESTS, webProject } from './apps/web/vitest.config.ts';
import ProjectThenLongestSequencer from './test-sequencer.ts';

// One runner for the whole repository: each workspace is a project with its own environment.
// Vitest's default is one worker less than the cores (one on CI's 2 cores); the API and browser files mostly wait on
// PostgreSQL and the browser, so every core runs a worker (TEST_WORKERS overrides).
// The run has three groups, one after the other (each project's `sequence.groupOrder`): the browser journeys and the
// API files (with one and two workers more than the cores: e2e/vitest.config.ts, apps/api/vitest.config.ts), then the
// component and unit files.
const workers = Number(process.env.TEST_WORKERS) || os.availableParallelism();

export default defineConfig({
  test: {
    maxWorkers: workers,
    // Project after project, longest file first within each, so workers keep their modules (test-sequencer.ts).
    sequence: { sequencer: ProjectThenLongestSequencer },
    projects: [
      'packages/contract',
      'packages/device-sim',
      'apps/api',
      'apps/web',
      // The web files that mock modules, each in a fresh module registry (apps/web/vitest.config.ts).
      webProject('web-modules', MODULE_MOCKING_TESTS, [], true),
      'e2e',
    ],
  },
});
