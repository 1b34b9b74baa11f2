import dns from 'node:dns/promises';
import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointsApi as api, type WebhookDelivery } from '@fleetdeck/contract';
import { webhookEndpoints } from '../../db/schema.ts';
import { seal } from '../../lib/crypto.ts';
import { call } from '../../../test/support/call.ts';
import { fleetOwner } from '../../../test/support/profiles.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';
import { startReceiver, type Receiver } from '../../../test/support/webhook-receiver.ts';
import { blockedRange, checkWebhookUrl, pinnedLookup } from './ssrf.ts';

/**
 * The SSRF guard (DECISIONS §13) with WEBHOOK_ALLOW_PRIVATE_URLS off: https only, public addresses only, at create
 * and update (400 with the reason) and again at send time (the endpoint is not even connected to), and the send
 * connects to the address checked.
 */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
let receiver: Receiver;

beforeAll(async () => {
  rt = await startFileRuntime({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: '0' } });
  owner = await fleetOwner(rt, 5);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await rt?.close();
});

async function refused(url: string, words: RegExp) {
  const res = await call(rt, api.webhookCreate, { token: owner.token, body: { url, events: ['device.enrolled'] } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as { respones_msg: string; code: string };
  expect(body.code).toBe('E_VALIDATION');
  expect(body.respones_msg, url).toMatch(words);
}

describe('at create and update', () => {
  it.each([
    ['https://127.0.0.1/hook', /127\.0\.0\.1, loopback/],
    ['https://10.1.2.3/hook', /10\.1\.2\.3, private/],
    ['https://172.20.0.5/hook', /private/],
    ['https://192.168.1.10/hook', /192\.168\.1\.10, private/],
    ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, linkLocal/],
    ['https://100.64.0.1/hook', /carrierGradeNat/],
    ['https://0.0.0.0/hook', /unspecified/],
    ['https://224.0.0.1/hook', /multicast/],
    ['https://240.0.0.1/hook', /reserved/],
    ['https://[::1]/hook', /::1, loopback/],
    ['https://[fd00::1]/hook', /fd00::1, uniqueLocal/],
    ['https://[fe80::1]/hook', /linkLocal/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://[::ffff:169.254.169.254]/hook', /linkLocal/],
    ['https://localhost/hook', /local or internal name/],
    ['https://api.localhost/hook', /local or internal name/],
    ['https://metadata.google.internal/computeMetadata/v1/', /local or internal name/],
    ['http://example.com/hook', /must start with https/],
  ])('refuses %s', async (url, words) => {
    await refused(url, words);
  });

  it('refuses a host name that resolves to a private address (this machine’s own name)', async () => {
    const name = os.hostname();
    const resolved = await dns.lookup(name, { all: true }).catch(() => []);
    const blocked = resolved.find((a) => blockedRange(a.address));
    // Sandboxes and CI runners name themselves with a loopback or private address.
    expect(blocked, `${name} resolves to ${JSON.stringify(resolved)}`).toBeTruthy();
    await refused(
      `https://${name}/hook`,
      new RegExp(`resolves to a blocked address \\(${blocked!.address.replace(/\./g, '\\.')}`),
    );
  });

  it('accepts a public address, and refuses an update to a private one', async () => {
    const res = await call(rt, api.webhookCreate, {
      token: owner.token,
      body: { url: 'https://8.8.8.8/hook', events: ['payment.failed'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (JSON.parse(res.body) as { data: { _id: string } }).data._id;
    const upd = await call(rt, api.webhookUpdate, {
      token: owner.token,
      params: { id },
      body: { url: 'https://192.168.0.1/hook' },
    });
    expect(upd.statusCode, upd.body).toBe(400);
    expect(JSON.parse(upd.body).respones_msg).toMatch(/blocked address/);
  });

  it('knows public unicast from the rest', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(blockedRange(ip), ip).toBeNull();
    for (const ip of ['127.0.0.2', '10.0.0.1', '::', 'ff02::1', '::ffff:10.0.0.1', '100.127.255.255']) {
      expect(blockedRange(ip), ip).not.toBeNull();
    }
  });
});

describe('at send time', () => {
  it('an endpoint whose address is private (written past the guard) is never contacted: the try fails, blocked', async () => {
    const [row] = await rt.ctx.db
      .insert(webhookEndpoints)
      .values({
        customerId: owner.id,
        url: `https://127.0.0.1:${receiver.port}/hook`,
        events: ['device.enrolled'],
        secret: seal(rt.ctx.secrets.storageKey, 'whsec_' + Buffer.alloc(24, 7).toString('base64')),
        secretPrefix: 'whsec_BwcH…',
      })
      .returning();
    await owner.enrol('PD');
    const end = Date.now() + 15_000;
    let d: WebhookDelivery | undefined;
    while (Date.now() < end) {
      const res = await call(rt, api.webhookDeliveries, { token: owner.token, params: { id: row!.id } });
      d = (JSON.parse(res.body) as { data: WebhookDelivery[] }).data[0];
      if (d && d.attempts > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect(d!.lastResponse).toMatch(/blocked address \(127\.0\.0\.1, loopback\)/);
    expect(receiver.connections()).toBe(0);
  });

  it('connects to the address it checked, whatever the name resolves to later (pinned lookup)', async () => {
    // A name no DNS knows: the request still reaches the checked address, so no second resolution happens.
    const checked = {
      url: new URL(`http://rebind.invalid:${receiver.port}/pinned`),
      address: '127.0.0.1',
      family: 4 as const,
    };
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(checked.url, { method: 'POST', lookup: pinnedLookup(checked) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(200);
    expect(receiver.received.at(-1)!.path).toBe('/pinned');
    expect(receiver.received.at(-1)!.headers.host).toBe(`rebind.invalid:${receiver.port}`);
  });

  it('with the guard on, checkWebhookUrl answers the address to pin; with WEBHOOK_ALLOW_PRIVATE_URLS, http and private pass', async () => {
    await expect(checkWebhookUrl('https://8.8.4.4/x', false)).resolves.toMatchObject({ address: '8.8.4.4', family: 4 });
    await expect(checkWebhookUrl(`http://127.0.0.1:${receiver.port}/x`, true)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(checkWebhookUrl(`http://127.0.0.1:${receiver.port}/x`, false)).rejects.toThrow(/https/);
  });
});
