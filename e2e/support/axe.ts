import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { withinTime } from './timeouts.ts';

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

/** Rules axe does not run by default that these audits turn on (see `axeRun`). */
const EXTRA_RULES = ['label-content-name-mismatch', 'aria-roledescription', 'audio-caption'];

const IMPACT_ORDER: AxeViolation['impact'][] = ['minor', 'moderate', 'serious', 'critical'];

interface AxeRuleData {
  id: string;
  impact?: AxeViolation['impact'];
  enabled: boolean;
  tags: string[];
  any: (string | { id: string })[];
  all: (string | { id: string })[];
  none: (string | { id: string })[];
}
interface AxeAudit {
  rules: AxeRuleData[];
  tagExclude: string[];
  data: { checks: Record<string, { impact?: AxeViolation['impact'] }> };
}

/**
 * The impacts a rule's violation can have, from axe-core's own rule and check data (the same package as the injected
 * script): a violation's impact is the rule's, or that of a failing check. Both are taken, so a rule whose check
 * can be more severe than the rule itself (empty-heading, meta-viewport, scope-attr-valid) counts as the more severe.
 */
function ruleImpacts(audit: AxeAudit, rule: AxeRuleData): AxeViolation['impact'][] {
  const checkIds = [...rule.any, ...rule.all, ...rule.none].map((c) => (typeof c === 'string' ? c : c.id));
  const impacts = [rule.impact, ...checkIds.map((id) => audit.data.checks[id]?.impact)].filter(
    (i): i is AxeViolation['impact'] => i !== undefined,
  );
  // A rule that names no impact at all could report any: it is kept whatever the question.
  if (impacts.length === 0) return IMPACT_ORDER;
  const worst = Math.max(...impacts.map((i) => IMPACT_ORDER.indexOf(i)));
  return IMPACT_ORDER.slice(0, worst + 1);
}

let auditData: AxeAudit | undefined;
const axeAuditData = () => (auditData ??= (createRequire(import.meta.url)('axe-core') as { _audit: AxeAudit })._audit);

/**
 * The rules an audit runs: those axe runs by default plus `EXTRA_RULES`, less every rule that can never report a
 * violation any of the `questions` would keep (by impact and tag). A serious-only audit skips, for example, `region`
 * and the `landmark-*` rules (moderate at most): they cannot change its answer, and `region` alone walks the whole
 * page. The answers are those of a run of every rule (axe-rules.e2e.test.ts checks that on a page breaking both kinds).
 */
export function rulesFor(questions: AxeOptions[]): string[] {
  const audit = axeAuditData();
  return audit.rules
    .filter((r) => EXTRA_RULES.includes(r.id) || (r.enabled && !r.tags.some((t) => audit.tagExclude.includes(t))))
    .filter((r) => {
      const impacts = ruleImpacts(audit, r);
      return questions.some(
        (q) =>
          (!q.impacts || impacts.some((i) => q.impacts!.includes(i))) &&
          (!q.tags || r.tags.some((t) => q.tags!.includes(t))),
      );
    })
    .map((r) => r.id);
}

/**
 * One axe-core run over the page as it is now: every rule axe runs by default, plus the experimental
 * label-content-name-mismatch (a control whose spoken name does not hold its visible text cannot be operated by voice;
 * Lighthouse leaves it off, as it does nested-interactive) and the two deprecated WCAG A rules axe no longer runs by
 * default (aria-roledescription, audio-caption). One run answers every question a test asks (`describeViolations`
 * picks by tag and impact): axe is most of an audit's time. Given the questions, the run leaves out the rules that
 * cannot answer any of them (`rulesFor`).
 */
export async function axeRun(page: Page, questions?: AxeOptions[]): Promise<AxeViolation[]> {
  // Once per document: a second audit of the same page (the phone width after the laptop one) finds axe loaded, and
  // injecting its 0.5 MB again took about 0.1 s each time.
  const where = `axe-core on ${page.url()}`;
  const loaded = await withinTime(
    where,
    page.evaluate(() => 'axe' in window),
  );
  if (!loaded) await withinTime(where, page.addScriptTag({ content: await axeScript() }));
  const only = questions ? rulesFor(questions) : undefined;
  return withinTime(
    where,
    page.evaluate(
      async ({ only, extra }) => {
        interface AxeResult {
          violations: { id: string; impact: string | null; tags: string[]; nodes: { target: string[] }[] }[];
        }
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
        const result = await axe.run(document, {
          ...(only
            ? { runOnly: { type: 'rule', values: only } }
            : { rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])) }),
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => ({
          id: v.id,
          impact: (v.impact ?? 'minor') as AxeViolation['impact'],
          tags: v.tags,
          targets: v.nodes.map((n) => n.target.join(' ')).join(', '),
        }));
      },
      { only, extra: EXTRA_RULES },
    ),
  );
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
