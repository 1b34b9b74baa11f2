// The API's and the contract's import rules (issue 23, ARCHITECTURE.md "Dependencies run one way"): no import cycles,
// and dependencies run wing → domain → shared. Imported by the root eslint.config.js; the web's rules live apart.
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');
const api = 'apps/api/src';

export default [
  {
    files: [`${api}/**/*.ts`, 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      // Every import cycle, runtime or type-only (`import type` lines are skipped by no-cycle: keep those acyclic
      // too, `npm run cycles` checks the whole tree with them).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              // The domain and what it stands on never reach into the back office (wing → domain → shared).
              target: [
                `${api}/modules/!(staff)/**`,
                `${api}/lib/**`,
                `${api}/db/**`,
                `${api}/plugins/**`,
                `${api}/jobs/**`,
              ],
              from: `${api}/modules/staff`,
              message:
                'The domain must not import the staff wing: move what both need down into a domain module ' +
                '(e.g. modules/pricing, catalogue, sessions).',
            },
            {
              // Shared code (lib, db) imports no module: modules import it.
              target: [`${api}/lib/**`, `${api}/db/**`],
              from: `${api}/modules`,
              message: 'lib/ and db/ are shared: they must not import modules/. Move the code down or pass it in.',
            },
          ],
        },
      ],
    },
  },
];
