import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's script, read once (injected into pages whose context bypasses the CSP: script-src 'self' refuses it). */
let script: Promise<string> | undefined;
const axeScript = () => (script ??= fs.readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeOptions {
  /** Only these tags (e.g. WCAG 2 A and AA); default every rule axe runs, and label-content-name-mismatch. */
  tags?: string[];
  /** Only violations of these impacts; default every impact. */
  impacts?: ('minor' | 'moderate' | 'serious' | 'critical')[];
}

/**
 * The axe-core violations of the page as it is now, one line each: `rule (impact): target, target`. With no tags every
 * rule axe runs by default, plus the experimental label-content-name-mismatch (a control whose spoken name does not
 * hold its visible text cannot be operated by voice; Lighthouse leaves it off, as it does nested-interactive).
 */
export async function axeViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  await page.addScriptTag({ content: await axeScript() });
  return page.evaluate(async (o) => {
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> };
      }
    ).axe;
    const result = await axe.run(
      document,
      o.tags
        ? { runOnly: { type: 'tag', values: o.tags } }
        : { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] },
    );
    return result.violations
      .filter((v) => !o.impacts || o.impacts.includes((v.impact ?? 'minor') as never))
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, opts);
}
