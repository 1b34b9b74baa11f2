import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fleetApi, type Group } from '@fleetdeck/contract';
import { call } from '../../apps/api/test/support/call.ts';
import { newMember } from '../../apps/api/test/support/factory.ts';
import { dataOf, fleetOwner, type Device } from '../../apps/api/test/support/profiles.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Issue 27's browser journey (DECISIONS §12), through the real UI and API: the Owner invites a Technician limited to
 * one group from the Team page; the invited person accepts the emailed link, signs in at /login with their own email,
 * sees only that group's devices, and sets a pin on one and applies it; the Owner sees in the audit log who did it.
 * A Viewer limited to one group then reads that device's settings as disabled fields and only that group's audit rows.
 * With `E2E_SHOTS_DIR` set, the team, accept, audit and the Viewer's pages are saved at 1366 and 390 px
 * (`team-<page>-….png`).
 */
const TECH_NAME = 'Tess Technician';
const TECH_PASSWORD = 'Harbour-Lantern-2290';
const techEmail = `tess.${Date.now().toString(36)}@example.com`;

let e2e: E2e;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let ownerPage: Page;
let inside: Device;
let outside: Device;
const groupIds = new Map<string, string>();

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  owner = await fleetOwner(e2e.rt, 3);
  inside = await owner.enrol('PD');
  outside = await owner.enrol('PD');
  // Two groups, one device each (the fleet pages have their own journey).
  for (const [name, device] of [
    ['Front desk', inside],
    ['Warehouse', outside],
  ] as const) {
    const group = dataOf<Group>(
      await call(e2e.rt, fleetApi.groupCreate, { token: owner.token, body: { name, family: 'PD' } }),
    );
    groupIds.set(name, group._id);
    await call(e2e.rt, fleetApi.groupAddDevices, {
      token: owner.token,
      params: { id: group._id },
      body: { profileIds: [device.profileId] },
    });
  }
  ownerPage = await customerPage(e2e, owner.token, { width: 1366, height: 900 });
});

afterAll(async () => {
  await e2e?.close();
});

/** The invite link of the email sent to `email`. */
async function inviteLink(email: string) {
  const mail = await e2e.rt.smtp.waitFor(email, (m) => m.subject.startsWith('You are invited'));
  const match = /(http:\/\/127\.0\.0\.1:\d+\/accept-invite\?token=\S+)/.exec(mail.text);
  if (!match) throw new Error(`no invite link in ${mail.text}`);
  return match[1]!;
}

describe('a team in the browser', () => {
  it('the Owner invites a Technician limited to one group from the Team page', async () => {
    const page = ownerPage;
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel(/^Email/).fill(techEmail);
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: /^Technician/ }).click();
    await dialog.getByLabel('Groups').click();
    await page.getByRole('option', { name: /^Front desk/ }).click();
    // The list stays open for more groups: a click on the dialog's text closes it, as a person would.
    await dialog.getByText('We email them a link').click();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(techEmail).first().waitFor();
    await shoot(page, 'team', 'team');
  });

  it('the invited person accepts, signs in with their own email and sees only their group’s devices', async () => {
    const { page } = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto(await inviteLink(techEmail));
    await page.getByLabel(/^Full name/).fill(TECH_NAME);
    await page.getByLabel(/^Password/).fill(TECH_PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(TECH_PASSWORD);
    await shoot(page, 'accept-invite', 'team');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText(`Log in with ${techEmail}`).waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel(/^Email/).fill(techEmail);
    await page.getByLabel(/^Password/).fill(TECH_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard/);

    // The account menu names the member; Team is not theirs to open.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByText(TECH_NAME).first().waitFor();
    expect(await page.getByRole('menuitem', { name: 'Team' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/profiles');
    await page.getByRole('link', { name: inside.serialNumber }).waitFor();
    expect(await page.getByRole('link', { name: outside.serialNumber }).count()).toBe(0);
    // The other group's device by its address: not found, as another account's would be.
    const res = await page.request.get(`/api/v1/admin/profile/detail?profileId=${outside.profileId}`, {
      headers: { authorization: (await page.evaluate(() => localStorage.getItem('token')))! },
    });
    expect(res.status()).toBe(404);

    // A setting on their own device, saved and applied.
    await page.getByRole('link', { name: inside.serialNumber }).click();
    await page.waitForURL(`**/profile-detail?profile_id=${inside.profileId}`);
    await page.getByRole('tab', { name: 'Pin' }).click();
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await pinForm.getByLabel('Pin', { exact: true }).fill('482916');
    await pinForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated.').first().waitFor();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Profile applied. The device will pick up the changes in a moment.').first().waitFor();
    await page.close();
  });

  it('the Owner sees who did it in the audit log', async () => {
    const page = ownerPage;
    await page.goto('/audit-logs');
    const row = page.getByRole('row').filter({ hasText: /Apply/ }).filter({ hasText: TECH_NAME });
    await row.first().waitFor();
    await page.getByPlaceholder('Every member').click();
    await page.getByRole('option', { name: new RegExp(TECH_NAME) }).click();
    await page.getByRole('row').filter({ hasText: TECH_NAME }).first().waitFor();
    await shoot(page, 'audit-logs', 'team');
  });

  it("a Viewer limited to one group reads its device's settings as disabled fields and only its group's audit rows", async () => {
    const viewer = await newMember(e2e.rt, owner, 'Viewer', { groupIds: [groupIds.get('Front desk')!] });
    const page = await customerPage(e2e, viewer.token, { width: 1366, height: 900 });
    await page.goto(`/profile-detail?profile_id=${inside.profileId}`);
    await page.getByRole('tab', { name: 'Pin' }).click();
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await pinForm.getByLabel('Pin', { exact: true }).waitFor();
    expect(await pinForm.getByLabel('Pin', { exact: true }).isDisabled()).toBe(true);
    expect(await pinForm.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shoot(page, 'viewer-pin', 'team');

    await page.goto('/audit-logs');
    await page.getByRole('row').filter({ hasText: 'Group "Front desk" created' }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Warehouse' }).count()).toBe(0);
    await shoot(page, 'viewer-audit-logs', 'team');
    await page.close();
  });
});
