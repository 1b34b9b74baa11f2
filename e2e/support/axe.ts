import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's script, read once (injected into pages whose context bypasses the CSP: script-src 'self' refuses it). */
let script: Promise<string> | undefined;
const axeScript = () => (script ??= fs.readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The WCAG 2.0 and 2.1 levels A and AA. */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical';
  tags: string[];
  /** The offending elements' selectors, comma-separated. */
  targets: string;
}

export interface AxeOptions {
  /** Only rules with one of these tags (e.g. WCAG_A_AA); default every rule. */
  tags?: string[];
  /** Only violations of these impacts; default every impact. */
  impacts?: AxeViolation['impact'][];
}

/**
 * One axe-core run over the page as it is now: every rule axe runs by default, plus the experimental
 * label-content-name-mismatch (a control whose spoken name does not hold its visible text cannot be operated by voice;
 * Lighthouse leaves it off, as it does nested-interactive) and the two deprecated WCAG A rules axe no longer runs by
 * default (aria-roledescription, audio-caption). One run answers every question a test asks (`describeViolations`
 * picks by tag and impact): axe is most of an audit's time.
 */
export async function axeRun(page: Page): Promise<AxeViolation[]> {
  // Once per document: a second audit of the same page (the phone width after the laptop one) finds axe loaded, and
  // injecting its 0.5 MB again took about 0.1 s each time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await axeScript() });
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string | null; tags: string[]; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      rules: {
        'label-content-name-mismatch': { enabled: true },
        'aria-roledescription': { enabled: true },
        'audio-caption': { enabled: true },
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: (v.impact ?? 'minor') as AxeViolation['impact'],
      tags: v.tags,
      targets: v.nodes.map((n) => n.target.join(' ')).join(', '),
    }));
  });
}

/** The violations a test asks about, one line each: `rule (impact): target, target`. */
export function describeViolations(violations: AxeViolation[], opts: AxeOptions = {}): string[] {
  return violations
    .filter((v) => !opts.tags || v.tags.some((t) => opts.tags!.includes(t)))
    .filter((v) => !opts.impacts || opts.impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.targets}`);
}

/** The violations of the page as it is now (one axe run), as `describeViolations` lists them. */
export async function axeViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  return describeViolations(await axeRun(page), opts);
}
