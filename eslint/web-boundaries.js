// The web's import rules (issue 23): no import cycles in apps/web/src; the customer console (`src/portal`) and the
// back office (`src/back-office`) never import each other; `src/shared` imports neither; a feature never imports
// another feature (of its app or the other). Test files and `src/test` (render helpers, fixtures) are exempt from the
// direction rules, never from the cycle rule. `npm run lint` fails on any of them.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB = 'apps/web/src';
const SOURCES = [`${WEB}/**/*.{ts,tsx}`];
const TESTS = [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/test/**`, `${WEB}/**/testing/**`];

/** `from` may not import `target` (import-x/no-restricted-paths zones; paths are relative to the repository root). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const featureImport = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of an app never imports another feature (move shared pieces up).' },
    schema: [],
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const own = file.match(/apps\/web\/src\/(portal|back-office)\/features\/([^/]+)\//);
    if (!own) return {};
    const check = (node, resolved) => {
      if (!resolved) return;
      const other = resolved.replaceAll('\\', '/').match(/apps\/web\/src\/(portal|back-office)\/features\/([^/]+)\//);
      if (other && (other[1] !== own[1] || other[2] !== own[2])) {
        context.report({
          node,
          message: `The ${own[1]} feature "${own[2]}" imports the feature "${other[1]}/${other[2]}": features never import each other; move the shared piece to ${own[1]}/api, ${own[1]}/components, ${own[1]}/lib or src/shared.`,
        });
      }
    };
    const resolve = (spec) => {
      const base = file.slice(0, file.indexOf('apps/web/src/') + 'apps/web/src/'.length);
      if (spec.startsWith('@/')) return base + spec.slice(2) + '/';
      if (spec.startsWith('.')) {
        const parts = file.split('/').slice(0, -1);
        for (const p of spec.split('/')) {
          if (p === '..') parts.pop();
          else if (p !== '.') parts.push(p);
        }
        return parts.join('/') + '/';
      }
      return null;
    };
    const onSource = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node.source, resolve(node.source.value));
    };
    return {
      ImportDeclaration: onSource,
      ExportNamedDeclaration: onSource,
      ExportAllDeclaration: onSource,
      ImportExpression: onSource,
    };
  },
};

export default [
  {
    files: SOURCES,
    plugins: { 'import-x': importX, web: { rules: { 'no-feature-imports': featureImport } } },
    settings: {
      // Parse the TypeScript files an import leads to (the cycle rule follows them), resolve `@/` as tsconfig says.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      // Type-only imports count too: a cycle of types is still a knot a newcomer has to untie.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              `./${WEB}/portal`,
              `./${WEB}/back-office`,
              'The customer console never imports the back office: move what both use to src/shared.',
            ),
            zone(
              `./${WEB}/back-office`,
              `./${WEB}/portal`,
              'The back office never imports the customer console: move what both use to src/shared.',
            ),
            zone(
              `./${WEB}/shared`,
              [`./${WEB}/portal`, `./${WEB}/back-office`],
              'src/shared imports neither app: pass what it needs in (props, a handler set by the app).',
            ),
          ],
        },
      ],
      'web/no-feature-imports': 'error',
    },
  },
  {
    // Tests and their helpers render whole apps: the direction rules do not apply to them (cycles still do).
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': 'off', 'web/no-feature-imports': 'off' },
  },
];
