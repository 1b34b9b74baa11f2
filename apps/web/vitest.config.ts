import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` and keep that module's state (the charts' loader and queue): they
 * run in their own project, `web-modules`, which isolates every file (root vitest.config.ts). The rest share one
 * module registry per worker, which halves the project's CPU time (importing React and Mantine once per worker, not
 * once per file: 250 → 142 CPU-seconds for 53 files).
 */
export const MODULE_MOCKING_TESTS = [
  'src/shared/components/charts/charts.test.tsx',
  'src/back-office/features/content.test.tsx',
  'src/portal/features/payments/pages/make-payment-page.test.tsx',
  'src/portal/features/payments/pages/subscription-entry.test.tsx',
  'src/portal/features/site/site.test.tsx',
  'src/portal/features/dashboard/pages/dashboard-page.test.tsx',
];

/** The web project's settings; the root config builds `web-modules` from them too. */
export const webProject = (name: string, include: string[], exclude: string[], isolate: boolean) =>
  defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name,
      // happy-dom: about half of jsdom's CPU time for these files (docs/adr/0011-web-tests-on-happy-dom.md); a file
      // that needs jsdom says so in its first line.
      environment: 'happy-dom',
      include,
      exclude,
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      isolate,
      // The run's last group (root vitest.config.ts): many short files, which end the run evenly on both workers.
      sequence: { groupOrder: 2 },
      testTimeout: 30_000,
    },
  });

// vite-plugins.test.ts: the build's chunk grouping and HTML/asset plugins (plain Node code, run in jsdom like the rest)
export default webProject('web', ['src/**/*.test.{ts,tsx}', 'vite-plugins.test.ts'], MODULE_MOCKING_TESTS, false);
