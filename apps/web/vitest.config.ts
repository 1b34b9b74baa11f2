import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // vite-plugins.test.ts: the build's chunk grouping and HTML/asset plugins (plain Node code, run in jsdom like the rest)
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
