import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 24, item 9: the UI says "licence" (British, the noun) everywhere. The verb stays "license(d)", and names
// such as `showUnusedLicense` or `IconLicense` are not words (no word boundary before "License"), so they pass.
const ROOT = join(import.meta.dirname, '../../../../../');
const SOURCES = ['apps/web/src', 'apps/api/src', 'packages/contract/src'];
const NOUN = /\b[Ll]icen(?:se|ses)\b/g;
/** Not words people read: the OpenAPI document's own field name (`info.license`). */
const FIELD_NAMES = /^\s*license: \{/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('licence spelling', () => {
  it('the noun is spelled "licence" in every string the web, the API and the contract show', () => {
    const found = SOURCES.flatMap((source) =>
      sourceFiles(join(ROOT, source)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            line.match(NOUN) && !FIELD_NAMES.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
          ),
      ),
    );
    expect(found).toEqual([]);
  });
});
