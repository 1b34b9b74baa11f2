import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../support/app.ts';
import { axeRun, describeViolations, rulesFor, WCAG_A_AA, type AxeOptions } from '../support/axe.ts';

/**
 * The audits run only the axe rules that can answer their questions (axe.ts, `rulesFor`): here, that the rules left
 * out are exactly those, and that a page breaking both kinds of rule gets the same answers from the shorter run as
 * from every rule.
 */
const SERIOUS: AxeOptions = { impacts: ['serious', 'critical'] };
const WCAG: AxeOptions = { tags: WCAG_A_AA };

/** A page that breaks rules of every impact: kept ones (image-alt, button-name, color-contrast, label) and ones a
 * serious-only audit leaves out (region, heading-order, landmark-one-main, aria-deprecated-role). */
const BROKEN_PAGE = `<!doctype html><html lang="en"><head><title>Broken</title></head><body>
  <h1>Title</h1>
  <h3>Skipped a level</h3>
  <p style="color:#ccc;background:#fff">Too light to read</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
  <div role="directory"><a href="#a">A list of links</a></div>
  <input type="text">
</body></html>`;

describe('axe rules per audit question', () => {
  it('leaves out only rules that cannot report a serious violation, or (with WCAG) a WCAG A/AA one', () => {
    const every = rulesFor([{}]);
    const serious = rulesFor([SERIOUS]);
    const both = rulesFor([SERIOUS, WCAG]);
    // What axe runs by default, plus the three rules the audits turn on.
    expect(every).toEqual(expect.arrayContaining(['color-contrast', 'region', 'label-content-name-mismatch']));
    expect(every).not.toContain('target-size'); // off by default in axe, and not turned on here
    expect(serious).toEqual(expect.arrayContaining(['color-contrast', 'image-alt', 'button-name', 'label']));
    // A rule milder than its worst check is kept (empty-heading's check is serious).
    expect(serious).toEqual(expect.arrayContaining(['empty-heading', 'meta-viewport', 'scope-attr-valid']));
    expect(serious).not.toContain('region');
    expect(serious).not.toContain('landmark-one-main');
    expect(serious).not.toContain('aria-deprecated-role');
    expect(both).toContain('aria-deprecated-role'); // minor, WCAG 2 A
    expect(both).not.toContain('region'); // moderate, best practice only
    expect(serious.length).toBeLessThan(both.length);
    expect(both.length).toBeLessThan(every.length);
  });

  it('answers a broken page as a run of every rule does', async () => {
    const browser = await sharedBrowser();
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.setContent(BROKEN_PAGE);
      const full = await axeRun(page);
      // The page breaks rules the shorter runs leave out, so the comparison below means something.
      expect(full.map((v) => v.id)).toEqual(
        expect.arrayContaining(['region', 'heading-order', 'aria-deprecated-role', 'color-contrast', 'image-alt']),
      );
      const seriousRun = await axeRun(page, [SERIOUS]);
      expect(seriousRun.map((v) => v.id)).not.toContain('region');
      expect(describeViolations(seriousRun, SERIOUS)).toEqual(describeViolations(full, SERIOUS));
      expect(describeViolations(full, SERIOUS).length).toBeGreaterThanOrEqual(4);

      const bothRun = await axeRun(page, [SERIOUS, WCAG]);
      expect(describeViolations(bothRun, SERIOUS)).toEqual(describeViolations(full, SERIOUS));
      expect(describeViolations(bothRun, WCAG)).toEqual(describeViolations(full, WCAG));
      expect(describeViolations(full, WCAG)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^aria-deprecated-role \(minor\)/)]),
      );
    } finally {
      await context.close();
    }
  });
});
