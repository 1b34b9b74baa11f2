import type { Page } from 'playwright-core';

const shots = process.env.E2E_SHOTS_DIR;

/**
 * With `E2E_SHOTS_DIR` set, saves the page at 1366 and 390 px as `<dir>/<prefix>-<name>-<desktop|phone>.png`
 * (full page) and goes back to 1366 px; without it, does nothing. The back-office journeys call it on every page
 * (prefix `back-office`), the content journey the public site's too (`site`), the fleet journey its pages (`fleet`).
 */
export async function shoot(page: Page, name: string, prefix = 'back-office') {
  if (!shots) return;
  for (const [label, width] of [
    ['desktop', 1366],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${prefix}-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
