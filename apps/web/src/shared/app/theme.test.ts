/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// Read as files: the test runner does not load stylesheets.
const globalCss = readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');
const indexHtml = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');

/** A font stack as a list of names: quotes, spaces and line breaks do not count. */
const fonts = (stack: string) => stack.split(',').map((name) => name.trim().replace(/^['"]|['"]$/g, ''));

/**
 * The static shell (index.html) paints before the stylesheet and the scripts; the stylesheet (global.css) before the
 * app's first render sets the theme's variables. With one font stack in all three, the shell's text does not move
 * when the next one arrives (a layout shift of 0.27 on /login when they differed).
 */
describe('one font stack for the shell, the stylesheet and the theme', () => {
  it('global.css names the theme’s body and heading fonts', () => {
    const body = /--mantine-font-family:([^;]+);/.exec(globalCss)?.[1];
    const headings = /--mantine-font-family-headings:([^;]+);/.exec(globalCss)?.[1];
    expect(fonts(body ?? '')).toEqual(fonts(theme.fontFamily!));
    expect(fonts(headings ?? '')).toEqual(fonts(theme.headings!.fontFamily!));
  });

  it('the shell’s body font is the theme’s', () => {
    const shellBody = /\n\s*body \{[^}]*?font-family:([^;]+);/.exec(indexHtml)?.[1];
    expect(fonts(shellBody ?? '')).toEqual(fonts(theme.fontFamily!));
  });
});
