// Import cycles of the whole tree (issue 23 "Done when": the lint and this check agree on 0). Type-only imports count
// too. `npm run cycles`; exits 1 when any cycle is found. The lint's import-x/no-cycle checks the API and the contract
// file by file; this walks every workspace at once.
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '..');
const common = {
  baseDir: root,
  fileExtensions: ['ts', 'tsx', 'mts', 'mjs', 'js'],
  excludeRegExp: [/node_modules/, /(^|\/)dist\//, /\.d\.ts$/],
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
};
const web = path.join(root, 'apps/web');
const runs = [
  {
    paths: [
      'apps/api/src',
      'apps/api/test',
      'packages/contract/src',
      'packages/device-sim/src',
      'bench',
      'e2e',
      'scripts',
    ],
    tsConfig: path.join(root, 'tsconfig.base.json'),
  },
  {
    paths: ['apps/web/src', 'apps/web/vite-plugins.ts', 'apps/web/scripts'],
    tsConfig: { compilerOptions: { baseUrl: web, paths: { '@/*': ['./src/*'] }, allowImportingTsExtensions: true } },
  },
];

let cycles = [];
let files = 0;
for (const run of runs) {
  const result = await madge(
    run.paths.map((p) => path.join(root, p)),
    { ...common, tsConfig: run.tsConfig },
  );
  files += Object.keys(result.obj()).length;
  cycles = cycles.concat(result.circular());
}
for (const [i, cycle] of cycles.entries()) console.log(`${i + 1}) ${cycle.join(' > ')}`);
console.log(`${cycles.length} import cycles in ${files} files`);
process.exit(cycles.length ? 1 : 0);
