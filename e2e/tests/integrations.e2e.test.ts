import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fleetOwner, type Device } from '../../apps/api/test/support/profiles.ts';
import { startReceiver, type Receiver } from '../../apps/api/test/support/webhook-receiver.ts';
import { customerPage, startE2e, type E2e } from '../support/app.ts';
import { shoot } from '../support/screenshots.ts';

/**
 * Issue 28's browser journey (DECISIONS §13), through the real UI and the real HTTP API: the Owner creates an API key
 * on the "API keys" page, copies it from the dialog that shows it once, and an integration uses it over HTTP to list
 * the devices and lock one (its scopes enforced, its rate-limit headers sent); the Owner revokes it and it stops
 * working at once. Then the Owner adds a webhook endpoint on the "Webhooks" page (a local receiver; the server runs with
 * `WEBHOOK_ALLOW_PRIVATE_URLS=1`), copies its signing secret, and the receiver gets a device's enrolment and a test
 * event signed as Standard Webhooks (checked with the `standardwebhooks` library); the delivery log shows both
 * delivered. With `E2E_SHOTS_DIR` set, the pages are saved at 1366 and 390 px (`integrations-<page>-….png`).
 */
let e2e: E2e;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let page: Page;
let device: Device;
let receiver: Receiver;

beforeAll(async () => {
  e2e = await startE2e(inject('pgAdminUrl'), { WEBHOOK_ALLOW_PRIVATE_URLS: '1' });
  owner = await fleetOwner(e2e.rt, 2);
  device = await owner.enrol('PD');
  page = await customerPage(e2e, owner.token, { width: 1366, height: 900 });
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await e2e?.close();
});

/** A call of the customer API over HTTP, as an integrator's script makes it. */
const api = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${e2e.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('an integration with an API key', () => {
  let key = '';

  it('the Owner creates a key with two scopes from the account menu and copies it once', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.waitForURL('**/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Ticketing system');
    await dialog.getByLabel('devices:read').check();
    await dialog.getByLabel('commands:write').check();
    await shoot(page, 'create-key', 'integrations');
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    const field = dialog.getByLabel('Your new API key');
    await field.waitFor();
    key = await field.inputValue();
    expect(key).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
    await dialog.getByText('You will not see this key again').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The list shows the key by its first characters only.
    await page.getByText('Ticketing system').waitFor();
    await page.getByText(key.slice(0, 12)).first().waitFor();
    expect(await page.getByText(key).count()).toBe(0);
    await shoot(page, 'api-keys', 'integrations');
  });

  it('the key lists the devices and locks one over HTTP; what its scopes do not open is refused', async () => {
    const list = await api('/api/v1/admin/profile/list', key);
    expect(list.status).toBe(200);
    expect(list.headers.get('ratelimit-limit')).toBe('600');
    expect(Number(list.headers.get('ratelimit-remaining'))).toBeLessThan(600);
    const devices = (await list.json()) as { data: { _id: string }[] };
    expect(devices.data.map((d) => d._id)).toContain(device.profileId);

    const lock = await api('/api/v1/admin/commands', key, {
      method: 'POST',
      body: { type: 'lock', profileIds: [device.profileId], params: { message: 'Return to the front desk' } },
    });
    expect(lock.status, await lock.clone().text()).toBe(200);

    // devices:write was not given: changing a group is refused, naming the scope; the team never opens to keys.
    const group = await api('/api/v1/admin/groups', key, { method: 'POST', body: { name: 'Desk', family: 'PD' } });
    expect(group.status).toBe(403);
    expect(((await group.json()) as { code: string }).code).toBe('E_SCOPE');
    expect((await api('/api/v1/admin/team', key)).status).toBe(403);
  });

  it('the audit log names the key; revoking it asks first and stops it at once', async () => {
    await page.goto('/audit-logs');
    await page.getByText('API key Ticketing system').first().waitFor();

    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Revoke Ticketing system' }).click();
    const confirm = page.getByRole('dialog', { name: /Revoke Ticketing system/ });
    await confirm.getByText(/stop working at once/).waitFor();
    await confirm.getByRole('button', { name: /Revoke/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Ticketing system').waitFor({ state: 'detached' });
    const refused = await api('/api/v1/admin/profile/list', key);
    expect(refused.status).toBe(401);
  });

  it('at 390 px the page fits the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});

describe('webhooks', () => {
  let secret = '';
  const url = () => receiver.url('/fleet-events');

  it('the Owner adds an endpoint for enrolments and copies its signing secret once', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.waitForURL('**/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^URL/).fill(url());
    await dialog.getByLabel('device.enrolled').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const field = dialog.getByLabel('Signing secret');
    await field.waitFor();
    secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(url()).first().waitFor();
    await shoot(page, 'webhooks', 'integrations');
  });

  it('a device enrolling and a test event reach the receiver, signed as Standard Webhooks', async () => {
    const verifier = new Webhook(secret);
    const enrolled = await owner.enrol('PD');
    const event = await receiver.waitFor((r) => r.body.includes('device.enrolled'));
    const body = verifier.verify(event.body, event.headers) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('device.enrolled');
    expect(JSON.stringify(body.data)).toContain(enrolled.profileId);

    await page.getByRole('button', { name: `Send a test event to ${url()}` }).click();
    const test = await receiver.waitFor((r) => r.body.includes('webhook.test'));
    expect((verifier.verify(test.body, test.headers) as { type: string }).type).toBe('webhook.test');
  });

  it('the delivery log shows both delivered, and fits a phone', async () => {
    await page.getByRole('link', { name: `Delivery log of ${url()}` }).click();
    await page.waitForURL('**/webhook-detail?id=*');
    const log = page.getByRole('table');
    await log.getByText('device.enrolled').waitFor();
    await log.getByText('webhook.test').waitFor();
    expect(await log.getByText(/Succeeded/i).count()).toBeGreaterThanOrEqual(2);
    // The endpoint's summary follows its deliveries: it has had a success.
    await page.getByText('last success never').waitFor({ state: 'detached' });
    await shoot(page, 'webhook-detail', 'integrations');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText('device.enrolled').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
