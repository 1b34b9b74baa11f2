import type { Page } from 'playwright-core';
import { codeIn } from '../../apps/api/test/support/helpers.ts';
import type { E2e } from './app.ts';

/** The first SuperAdmin, created at start from ADMIN_EMAIL / ADMIN_PASSWORD (apps/api/test/support/runtime.ts). */
export const ROOT = { email: 'root@fleetdeck.test', password: 'Staff-Password-123' };

/**
 * Signs a staff member in the way a person does: `/super-admin/login`, then the 4-digit code from the real SMTP
 * peer typed into `/super-admin/verify/otp`. `shoot` is called on each of the two screens (screenshots);
 * `landing: false` leaves the caller to wait for where the sign-in ends (a first login, a refused one).
 */
export async function staffSignIn(
  e2e: E2e,
  page: Page,
  who: { email: string; password: string } = ROOT,
  opts: { shoot?: (screen: 'login' | 'verify-otp') => Promise<void>; landing?: boolean } = {},
) {
  const before = e2e.rt.smtp.inbox.length;
  await page.goto('/super-admin/login');
  await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
  await opts.shoot?.('login');
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL('**/super-admin/verify/otp?email=*');
  await page.getByText('Check your email for otp.').waitFor();
  const mail = await e2e.rt.smtp.waitFor(
    who.email,
    (m) => e2e.rt.smtp.inbox.indexOf(m) >= before && /login code/.test(m.text),
  );
  await opts.shoot?.('verify-otp');
  await page.getByLabel('OTP digit').first().click();
  // The last digit sends the code (issue 24 item 9): no button to press.
  await page.keyboard.type(codeIn(mail.text)!);
  if (opts.landing !== false) await page.waitForURL('**/admin-dashboard');
}
