import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeQr } from '../../apps/api/test/support/helpers.ts';
import { newCustomer } from '../../apps/api/test/support/factory.ts';
import { buy, customerIdOf } from '../../apps/api/test/support/ledger.ts';
import { groupFromQr, tokenFromQr, type SimulatedDevice } from '../../packages/device-sim/src/index.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';
import { customerGet, enrolmentTokenOf, servedPolicy, SimulatedDevices } from '../support/devices.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Issue 25's browser journey, through the real UI, the real API and its pg-boss jobs, and simulated devices
 * (packages/device-sim) speaking the device API over HTTP: a template taken from a device, a group with it, a device
 * enrolled into the group by the group's QR code, a rollout of a new version that one device fails to apply on purpose,
 * the rollout pausing itself with the reason in words, and the rollback giving every device its settings back. The
 * rollout form's number fields are checked on the way. With `E2E_SHOTS_DIR` set, the six fleet pages are saved at
 * 1366 and 390 px (`fleet-<page>-<desktop|phone>.png`).
 */
/** Apply → wake-up → fetch → ack → the rollout's next step (every second) → the page's 5 s poll. */
const DEVICE_TIMEOUT = 30_000;
const TEMPLATE = 'Lobby tablets';
const GROUP = 'Lobby';
/** The setting the failing device cannot apply (device-sim `--fail-when pin`), set in the template's version 2. */
const PIN = '482916';

let e2e: E2e;
let page: Page;
let customerToken: string;
let enrolmentToken: string;
/** The device the template is taken from, a device that fails every policy with a pin, one enrolled by the QR. */
let source: SimulatedDevice;
let failing: SimulatedDevice;
let scanned: SimulatedDevice;
let groupId: string;
let templateId: string;
const sims = new SimulatedDevices();

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'));
  const customer = await newCustomer(e2e.rt);
  customerToken = customer.token;
  await buy(e2e.rt.ctx.db, await customerIdOf(e2e.rt.ctx.db, customer.email), 'PD', 3);
  enrolmentToken = await enrolmentTokenOf(e2e, customerToken);
  [source, failing] = await Promise.all([
    startDevice({ serialNumber: 'E2E-FLEET-A001' }),
    startDevice({ serialNumber: 'E2E-FLEET-B002', failWhen: 'pin' }),
  ]);
  page = await customerPage(e2e, customerToken, { width: 1366, height: 900 });
});

afterAll(async () => {
  await sims.stop();
  await e2e?.close();
});

afterEach(({ task }) => sims.printLogIfFailed(task));

/** A customer call through the API, with the customer's session (checks only, never the journey's steps). */
const apiGet = <T>(url: string) => customerGet<T>(e2e, customerToken, url);

/** What the device API serves a device as its current policy. */
const policyOf = (device: SimulatedDevice) => servedPolicy(e2e, device);

/** A PD device enrolled with the login QR's token (or the one given), long-polling until afterAll stops it. */
const startDevice = (opts: { serialNumber: string; failWhen?: string; enrolmentToken?: string; groupId?: string }) =>
  sims.start(e2e, { enrolmentToken, appName: 'PD', ...opts });

/** The device has acknowledged, with Success, the version the server serves it now. */
async function upToDate(device: SimulatedDevice) {
  const served = await policyOf(device);
  return served.version > 0 && device.appliedVersion === served.version;
}

/** The field labelled `label` in `scope` (a required field's label ends with its asterisk). */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

/** Opens the Mantine select labelled `label` in `scope`, types `typed` when given, and picks the option `name`. */
async function choose(scope: Locator, label: string, name: RegExp, typed?: string) {
  const input = field(scope, label);
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page.getByRole('option', { name }).click();
}

describe('fleet operations in the browser', () => {
  it('takes a template from a device, makes a group with it, and enrols a device into the group by its QR code', async () => {
    await page.goto('/templates');
    await page.getByText('No templates yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    const newTemplate = page.getByRole('dialog', { name: 'New template' });
    await field(newTemplate, 'Name').fill(TEMPLATE);
    await choose(newTemplate, 'Device', new RegExp(source.serialNumber), source.serialNumber);
    await newTemplate.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/template-detail\?id=/);
    templateId = new URL(page.url()).searchParams.get('id')!;
    const versions = page.getByRole('list', { name: 'Versions' });
    await versions
      .getByRole('listitem', { name: 'Version 1' })
      .getByText(new RegExp(`^Created from the settings of .*${source.serialNumber}`))
      .waitFor();
    await page.getByRole('tab', { name: 'Pin' }).waitFor();
    await shoot(page, 'template-detail', 'fleet');
    await page.goto('/templates');
    await page.getByRole('link', { name: TEMPLATE }).waitFor();
    await shoot(page, 'templates', 'fleet');

    await page.goto('/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const newGroup = page.getByRole('dialog', { name: 'New group' });
    await field(newGroup, 'Name').fill(GROUP);
    await choose(newGroup, 'Template', new RegExp(`^${TEMPLATE}`));
    await newGroup.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/group-detail\?id=/);
    groupId = new URL(page.url()).searchParams.get('id')!;
    await page.getByText(`${TEMPLATE}, version 1 · 0 devices`).waitFor();

    // The two devices enrolled with the account's login QR join from the group's page.
    await page.getByRole('button', { name: 'Add devices' }).click();
    const picker = page.getByRole('dialog', { name: `Add devices to ${GROUP}` });
    for (const d of [source, failing]) await picker.getByRole('checkbox', { name: `Select ${d.serialNumber}` }).check();
    await picker.getByRole('button', { name: 'Add 2 devices' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByText(`${TEMPLATE}, version 1 · 2 devices`).waitFor();

    const qr = page.getByRole('img', { name: `Enrolment QR code of ${GROUP}` });
    await qr.waitFor();
    // The group's enrolment QR, read as a device's camera would: a picture of the code on the page, decoded.
    await qr.evaluate((img: HTMLImageElement) => img.decode());
    const link = decodeQr(await qr.screenshot());
    expect(link).toBe(`${e2e.baseUrl}/enrol?token=${encodeURIComponent(enrolmentToken)}&group=${groupId}`);
    scanned = await startDevice({
      serialNumber: 'E2E-FLEET-C003',
      enrolmentToken: tokenFromQr(link!),
      groupId: groupFromQr(link!)!,
    });

    // It landed in the group with the template: listed there, in line with version 1, which it applied.
    await page.reload();
    await page.getByText(`${TEMPLATE}, version 1 · 3 devices`).waitFor();
    const devices = page.getByRole('table', { name: `Devices of ${GROUP}` });
    const row = devices.getByRole('row').filter({ hasText: scanned.serialNumber });
    await row.getByText('In line').waitFor();
    const list = await apiGet<{ data: { name: string; group: { _id: string } | null; drift: number }[] }>(
      `/api/v1/admin/profile/list?groupId=${groupId}`,
    );
    expect(list.data.map((d) => d.name).sort()).toEqual(
      [source.serialNumber, failing.serialNumber, scanned.serialNumber].sort(),
    );
    expect(list.data.every((d) => d.group?._id === groupId && d.drift === 0)).toBe(true);
    for (const d of [source, failing, scanned])
      await expect.poll(() => upToDate(d), { timeout: DEVICE_TIMEOUT }).toBe(true);
    await shoot(page, 'group-detail', 'fleet');
    await page.goto('/groups');
    await page.getByRole('link', { name: GROUP }).waitFor();
    await shoot(page, 'groups', 'fleet');
  });

  it("the rollout form's number fields refuse a minus sign, a fraction, 0 and 99999999 with a message", async () => {
    await page.goto(`/group-detail?id=${groupId}`);
    await page.getByRole('button', { name: 'Start rollout' }).click();
    const form = page.getByRole('form', { name: 'Start a rollout' });
    const typed: [string, string, string][] = [
      ['Stage 1 percentage', '-5', 'Stage 1 percentage must be from 1 to 100'],
      ['Stage 1 soak', '1.5', 'Stage 1 soak must be a whole number of seconds'],
      ['Stage 2 soak', '-60', 'Stage 2 soak must be at least 0'],
      ['Stage 3 percentage', '99999999', 'Stage 3 percentage must be from 1 to 100'],
      ['Pause at failed %', '0', 'Pause at failed % must be from 1 to 100'],
      ['Decided devices at least', '0', 'Decided devices at least must be at least 1'],
      ['Acknowledgement timeout', '99999999', 'Acknowledgement timeout must be at most 604,800'],
      ['Version', '2.5', 'Version must be a version number'],
    ];
    for (const [label, value] of typed) await field(form, label).fill(value);
    await form.getByRole('button', { name: 'Start rollout' }).click();
    for (const [label, , message] of typed) {
      const error = form.getByText(message, { exact: true });
      await error.waitFor();
      expect(await error.isVisible(), `${label}: ${message}`).toBe(true);
    }
    await shoot(page, 'group-detail-rollout-form', 'fleet');
    // Refused in the browser: nothing was sent, no rollout exists, the group has none under way.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await apiGet<{ pagination: { total: number } }>('/api/v1/admin/rollouts')).pagination.total).toBe(0);
    expect(
      (await apiGet<{ data: { activeRolloutId: string | null } }>(`/api/v1/admin/groups/${groupId}`)).data,
    ).toMatchObject({ activeRolloutId: null });
  });

  it('a rollout that a device fails pauses itself with the reason, and its rollback gives the devices their settings back', async () => {
    // Version 2 of the template sets a pin, which the failing device cannot apply.
    await page.goto(`/template-detail?id=${templateId}&tab=pin`);
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await pinForm.getByLabel('Pin', { exact: true }).fill(PIN);
    await pinForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Versions' }).getByRole('listitem', { name: 'Version 2' }).waitFor();
    const before = await Promise.all([source, failing, scanned].map(policyOf));
    expect(before.map((p) => p.policy.pin)).toEqual(['', '', '']);

    // One stage of every device (its soak outlasts the test: only the pause rule can stop it), pause at 10% of 3.
    await page.goto(`/group-detail?id=${groupId}`);
    await page.getByRole('button', { name: 'Start rollout' }).click();
    const form = page.getByRole('form', { name: 'Start a rollout' });
    await expect.poll(() => field(form, 'Template').inputValue()).toBe(`${TEMPLATE} (version 2)`);
    await form.getByRole('button', { name: 'Remove stage 1' }).click();
    await form.getByRole('button', { name: 'Remove stage 1' }).click();
    expect(await field(form, 'Stage 1 percentage').inputValue()).toBe('100');
    await form.getByRole('button', { name: 'Start rollout' }).click();
    await page.waitForURL(/\/rollout-detail\?id=/);
    const rolloutId = new URL(page.url()).searchParams.get('id')!;

    const paused = page.getByRole('alert').filter({ hasText: 'Paused' });
    await paused.getByText('1 of 3 devices failed to apply version 2 (33% ≥ 10%)').waitFor({ timeout: DEVICE_TIMEOUT });
    const devices = page.getByRole('table', { name: 'Devices' });
    const failedRow = devices.getByRole('row').filter({ hasText: failing.serialNumber });
    await failedRow.getByText('Failed', { exact: true }).waitFor();
    await failedRow.getByText('Cannot apply pin: not supported on this device').waitFor();
    for (const d of [source, scanned]) {
      await devices.getByRole('row').filter({ hasText: d.serialNumber }).getByText('Succeeded').waitFor();
    }
    await page.getByText('2 succeeded · 1 failed · 0 pending').first().waitFor();
    // The devices that applied it have the pin; no further device was given anything.
    expect((await policyOf(source)).policy.pin).toBe(PIN);
    await shoot(page, 'rollout-detail', 'fleet');

    await page.getByRole('button', { name: 'Roll back' }).click();
    const ask = page.getByRole('dialog', { name: 'Roll back the rollout?' });
    await ask
      .getByText('The 3 devices that received version 2 get the settings they had before the rollout again.', {
        exact: false,
      })
      .waitFor();
    await ask.getByRole('button', { name: 'Roll back' }).click();
    // A rolled back rollout offers no action any more.
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Roll back' }).waitFor({ state: 'detached' });
    for (const d of [source, failing, scanned]) {
      await devices
        .getByRole('row')
        .filter({ hasText: d.serialNumber })
        .getByText('Rolled back')
        .waitFor({ timeout: DEVICE_TIMEOUT });
    }

    // Every device is served its settings from before the rollout (no pin) as a new version, and applied it.
    for (const d of [source, failing, scanned]) {
      await expect.poll(() => upToDate(d), { timeout: DEVICE_TIMEOUT }).toBe(true);
      const served = await policyOf(d);
      expect(served.policy.pin).toBe('');
      expect(served.version).toBeGreaterThan(before[[source, failing, scanned].indexOf(d)]!.version);
    }
    const rollout = await apiGet<{ data: { state: string; pausedReason: string | null } }>(
      `/api/v1/admin/rollouts/${rolloutId}`,
    );
    expect(rollout.data.state).toBe('rolled_back');

    await page.goto('/rollouts');
    await page.getByRole('link', { name: `${TEMPLATE}, version 2` }).waitFor();
    await shoot(page, 'rollouts', 'fleet');
  });
});
