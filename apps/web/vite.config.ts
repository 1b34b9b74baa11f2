import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noChunkCycles, partChunks, precompress, sharedShell, stylesAfterShell } from './vite-plugins.ts';

/** React, the router and the query client (the `react-dom`, `react-router` and `react-vendor` chunks). */
const REACT_VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;
/**
 * The React vendor code in three files, not one: React DOM (with its scheduler), the router, and React with the query
 * client. Every page needs all three before it runs, and a browser speaking HTTP/1.1 downloads them side by side on
 * separate connections; as one 80 KB file it was the last script of a first visit to arrive on a phone's network.
 */
const reactVendorPart = (id: string) =>
  /node_modules[\\/](react-dom|scheduler)[\\/]/.test(id)
    ? 'react-dom'
    : /node_modules[\\/]react-router[\\/]/.test(id)
      ? 'react-router'
      : 'react-vendor';

/** Mantine's core and the layout primitives the entry renders anyway (the `mantine-base` chunk). */
const MANTINE_BASE =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|Text|Group|Stack|Center|Loader|Skeleton|ThemeIcon)[\\/])/;

const mantine = (component: string, file = component) =>
  `../../node_modules/@mantine/core/esm/components/${component}/${file}.mjs`;
/** What most signed-in pages of both apps import: loaded with the frames (vite-plugins.ts, partChunks `kit`). */
const PAGE_KIT = [
  'src/shared/components/load-error.tsx',
  'src/shared/components/data-table.tsx',
  'src/shared/components/list-page.tsx',
  'src/shared/components/confirm-dialog.tsx',
  'src/shared/lib/list-search.ts',
  'src/shared/lib/format.ts',
  'src/shared/lib/form.ts',
  mantine('Paper'),
  mantine('Card'),
  mantine('Table'),
  mantine('Select'),
  mantine('Switch'),
  mantine('Modal'),
];

/** The lazily loaded parts every first visit needs (vite-plugins.ts, partChunks): the login pages and the frames. */
const parts = partChunks({
  root: fileURLToPath(new URL('.', import.meta.url)),
  entries: { portal: 'src/portal/main.tsx', office: 'src/back-office/main.tsx' },
  parts: {
    login: ['src/portal/features/auth/pages/login-page.tsx'],
    // The staff session's calls (and the staff contract they import) go with the login page that needs them: left to
    // themselves they formed a chunk importing the login's, and the login's importing it (a chunk cycle).
    'staff-login': [
      'src/back-office/features/account/pages/staff-login-page.tsx',
      'src/back-office/api/staff-session.ts',
    ],
    toasts: ['src/shared/app/notifications-host.tsx'],
    portal: ['src/portal/components/layouts/portal-layout.tsx', 'src/portal/app/portal-routes.tsx'],
    office: ['src/back-office/components/back-office-layout.tsx'],
  },
  kit: { portal: [...PAGE_KIT, mantine('Tabs')], office: PAGE_KIT },
  except: [REACT_VENDOR, MANTINE_BASE],
  foldBelow: 4096,
});

export default defineConfig({
  plugins: [react(), sharedShell(), stylesAfterShell(), noChunkCycles(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // Two apps, one build (DECISIONS §8): the customer console and the back office, sharing chunks.
      input: {
        portal: fileURLToPath(new URL('./index.html', import.meta.url)),
        backOffice: fileURLToPath(new URL('./admin.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // React, the router and the query client: every page of both apps needs them at once, so three files by
              // package (two entries would otherwise split them into several small shared files).
              name: reactVendorPart,
              test: REACT_VENDOR,
            },
            {
              // Mantine's core (theme, styles, Box) and the layout primitives that the entry renders anyway
              // (loader, skeletons, guards): one chunk instead of one per component set, so the first visit
              // downloads fewer, better compressed files. Everything else stays split per route.
              name: 'mantine-base',
              test: MANTINE_BASE,
            },
            // The login pages, the toast container and the signed-in frames in a few files instead of one per shared
            // module (vite-plugins.ts, partChunks). Their imports are named there too.
            { name: parts, priority: -1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
