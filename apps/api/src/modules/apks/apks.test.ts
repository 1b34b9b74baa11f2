import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { plansApi, publicApi, type DownloadSdkResponse, type Family } from '@fleetdeck/contract';
import { staffApi, type StaffPrice } from '@fleetdeck/contract/staff';
import { apkVersions, plans } from '../../db/schema.ts';
import { axmlManifest, buildApk, zipArchive } from '../../../test/support/apk.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff, type TestStaff } from '../../../test/support/factory.ts';
import { postJsonToMultipart, postMultipart, type Part } from '../../../test/support/multipart.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { parseManifest } from './reader.ts';
import { apkDir } from './service.ts';

let rt: TestRuntime;
let root: TestStaff;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-apk-'));
  // 1 MB: the size limit is tested with a file just over it.
  rt = await startTestRuntime(inject('pgAdminUrl'), { env: { DATA_DIR: dataDir, APK_MAX_MB: '1' } });
  root = await newStaff(rt, 'SuperAdmin');
});
afterAll(async () => {
  await rt?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const filePart = (data: Buffer, filename = 'app-release.apk'): Part => ({
  name: 'file',
  filename,
  contentType: 'application/vnd.android.package-archive',
  data,
});

const upload = (parts: Part[], token = root.token) => postMultipart(rt, staffApi.apkUpload, parts, token);
const uploadApk = (family: string, apk: Buffer) => upload([{ name: 'family', value: family }, filePart(apk)]);

/** Nothing of a refused upload stays: no temporary file, no stored file, no row. */
async function expectNothingSaved(family: Family, versionCode: number) {
  const incoming = await fs.readdir(path.join(apkDir(dataDir), '.incoming')).catch(() => []);
  expect(incoming).toEqual([]);
  await expect(fs.stat(path.join(apkDir(dataDir), family, `${versionCode}.apk`))).rejects.toThrow();
  const rows = await rt.ctx.db.select().from(apkVersions).where(eq(apkVersions.family, family));
  expect(rows.filter((r) => r.versionCode === versionCode)).toEqual([]);
}

const priceOf = async (identifier: string): Promise<StaffPrice> => {
  const l = (await call(rt, staffApi.priceList, { token: root.token })).data().data;
  return [...l.recurringPriceList, ...l.oneTimePriceList].find((p) => p.identifier === identifier)!;
};
const setLink = async (identifier: string, apkLink: string) => {
  const p = await priceOf(identifier);
  const res = await call(rt, staffApi.priceUpdate, {
    token: root.token,
    body: {
      id: p._id,
      name: p.name,
      identifier: p.identifier,
      description: p.description,
      status: p.status,
      apkLink,
      features: p.features,
    },
  });
  return res.data().data;
};

describe('POST price/apk/upload: a valid APK (DECISIONS §14)', () => {
  it('reads the versions from the binary manifest, hashes the file and serves it back byte for byte', async () => {
    const apk = buildApk({ versionCode: 412, versionName: '4.1.2', packageName: 'com.fleetdeck.superlock' });
    const before = Date.now();
    const v = await uploadApk('SL', apk).then((r) => r.data().data);
    expect(v).toMatchObject({
      family: 'SL',
      versionCode: 412,
      versionName: '4.1.2',
      packageName: 'com.fleetdeck.superlock',
      sizeBytes: apk.length,
      sha256: sha256(apk),
      uploadedBy: root.email,
      downloadUrl: 'http://localhost:3000/downloads/SL/412.apk',
    });
    expect(new Date(v.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const res = await rt.app.inject({ method: 'GET', url: '/downloads/SL/412.apk' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(apk)).toBe(true);
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(res.headers['content-disposition']).toBe('attachment; filename="SL-412.apk"');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(apk.length));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe(`"${sha256(apk)}"`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    const head = await rt.app.inject({ method: 'HEAD', url: '/downloads/SL/412.apk' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(apk.length));
    // Stored under DATA_DIR/upload/apk/<family>/<code>.apk, nothing left in the incoming folder.
    expect((await fs.readFile(path.join(apkDir(dataDir), 'SL', '412.apk'))).equals(apk)).toBe(true);
    expect(await fs.readdir(path.join(apkDir(dataDir), '.incoming'))).toEqual([]);
  });

  it('resumes a download with a byte range (206), refuses one past the end (416), ignores a stale If-Range', async () => {
    const apk = (await rt.app.inject({ method: 'GET', url: '/downloads/SL/412.apk' })).rawPayload;
    const part = await rt.app.inject({ method: 'GET', url: '/downloads/SL/412.apk', headers: { range: 'bytes=100-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-${apk.length - 1}/${apk.length}`);
    expect(part.rawPayload.equals(apk.subarray(100))).toBe(true);
    const middle = await rt.app.inject({
      method: 'GET',
      url: '/downloads/SL/412.apk',
      headers: { range: 'bytes=10-19', 'if-range': `"${sha256(apk)}"` },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-length']).toBe('10');
    expect(middle.rawPayload.equals(apk.subarray(10, 20))).toBe(true);
    const tail = await rt.app.inject({ method: 'GET', url: '/downloads/SL/412.apk', headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(apk.subarray(apk.length - 5))).toBe(true);
    const past = await rt.app.inject({
      method: 'GET',
      url: '/downloads/SL/412.apk',
      headers: { range: `bytes=${apk.length}-` },
    });
    expect(past.statusCode, past.body).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${apk.length}`);
    const stale = await rt.app.inject({
      method: 'GET',
      url: '/downloads/SL/412.apk',
      headers: { range: 'bytes=10-19', 'if-range': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(apk)).toBe(true);
  });

  it('answers 404 for an APK that was never uploaded, an unknown family or another file name', async () => {
    for (const url of [
      '/downloads/SL/413.apk',
      '/downloads/XX/412.apk',
      '/downloads/sl/412.apk',
      '/downloads/SL/412.zip',
      '/downloads/SL/..%2F..%2Fpasswd',
      '/downloads/SL/0.apk',
    ]) {
      const res = await rt.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'E_NOT_FOUND' });
    }
  });

  it('refuses other roles (403) and no token (401)', async () => {
    const admin = await newStaff(rt, 'Admin');
    expect((await uploadApk('SL', buildApk({ versionCode: 9000 }))).statusCode).toBe(200);
    expect(
      (await upload([{ name: 'family', value: 'SL' }, filePart(buildApk({ versionCode: 9001 }))], admin.token))
        .statusCode,
    ).toBe(403);
    expect((await call(rt, staffApi.apkList, { token: admin.token })).statusCode).toBe(403);
    expect((await call(rt, staffApi.apkList)).statusCode).toBe(401);
  });
});

describe('price/apk/upload refusals: nothing half saved', () => {
  it('refuses a file that is not a ZIP', async () => {
    const res = await uploadApk('PC', Buffer.from('MZ this is a Windows program, not an APK'.repeat(20)));
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'E_VALIDATION', errors: [{ field: 'file' }] });
    expect(res.error().respones_msg).toMatch(/not a ZIP/);
    await expectNothingSaved('PC', 1);
  });

  it('refuses a ZIP without AndroidManifest.xml, and one without classes.dex', async () => {
    const dex = Buffer.from('dex\n035\0');
    const noManifest = await uploadApk('PC', zipArchive([{ name: 'classes.dex', data: dex }]));
    expect(noManifest.statusCode).toBe(400);
    expect(noManifest.error().respones_msg).toMatch(/no AndroidManifest\.xml/);
    const noDex = await uploadApk(
      'PC',
      zipArchive([{ name: 'AndroidManifest.xml', data: axmlManifest({ versionCode: 5 }), deflate: true }]),
    );
    expect(noDex.statusCode).toBe(400);
    expect(noDex.error().respones_msg).toMatch(/no classes\.dex/);
    await expectNothingSaved('PC', 5);
  });

  it('refuses a manifest that is plain text, garbage, or without a version code', async () => {
    const dex = { name: 'classes.dex', data: Buffer.from('dex\n035\0') };
    const textManifest = Buffer.from('<manifest xmlns:android="…" android:versionCode="7"/>');
    // A chunk claiming to be 0 bytes long: the parser would loop for ever without the structure check.
    const zeroChunk = Buffer.from(axmlManifest({ versionCode: 7 }));
    zeroChunk.writeUInt32LE(0, 8 + 4);
    for (const manifest of [textManifest, crypto.randomBytes(300), zeroChunk]) {
      const res = await uploadApk('PC', zipArchive([{ name: 'AndroidManifest.xml', data: manifest }, dex]));
      expect(res.statusCode).toBe(400);
      expect(res.error().respones_msg).toMatch(/AndroidManifest\.xml of this APK could not be read/);
    }
    const noCode = await uploadApk('PC', buildApk({ versionCode: 0 }));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.error().respones_msg).toMatch(/no valid versionCode/);
    await expectNothingSaved('PC', 7);
  });

  it('refuses an unknown or missing family, and a missing file, at their fields', async () => {
    const apk = buildApk({ versionCode: 21 });
    const unknown = await uploadApk('XX', apk);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toMatchObject({ code: 'E_VALIDATION', errors: [{ field: 'family' }] });
    expect(unknown.error().respones_msg).toBe('XX is not an app family.');
    const missing = await upload([filePart(apk)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.error().errors).toEqual([{ field: 'family', message: 'Choose the app' }]);
    const noFile = await upload([{ name: 'family', value: 'KM' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.error()).toMatchObject({ errors: [{ field: 'file' }] });
    expect(await postJsonToMultipart(rt, staffApi.apkUpload, { family: 'KM' }, root.token)).toBe(415);
    await expectNothingSaved('KM', 21);
  });

  it('refuses a version code already uploaded for the family (also when two uploads race)', async () => {
    const first = buildApk({ versionCode: 30, versionName: '3.0' });
    expect((await uploadApk('UB', first)).statusCode).toBe(200);
    const again = await uploadApk('UB', buildApk({ versionCode: 30, versionName: '3.0-rebuilt' }));
    expect(again.statusCode).toBe(400);
    expect(again.error()).toMatchObject({ code: 'E_CONFLICT', errors: [{ field: 'file' }] });
    expect(again.error().respones_msg).toBe(
      'Version code 30 of URL Blocker is already uploaded: build the app with a higher versionCode.',
    );
    // The stored file is still the first one's bytes.
    const served = await rt.app.inject({ method: 'GET', url: '/downloads/UB/30.apk' });
    expect(served.rawPayload.equals(first)).toBe(true);
    // The same code in another family is another app.
    expect((await uploadApk('KM', buildApk({ versionCode: 30 }))).statusCode).toBe(200);

    const a = buildApk({ versionCode: 31, versionName: 'a' });
    const b = buildApk({ versionCode: 31, versionName: 'b' });
    const answers = await Promise.all([uploadApk('UB', a), uploadApk('UB', b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    const stored = await rt.app.inject({ method: 'GET', url: '/downloads/UB/31.apk' });
    expect(stored.rawPayload.equals(winner)).toBe(true);
    expect(await fs.readdir(path.join(apkDir(dataDir), '.incoming'))).toEqual([]);
  });

  it('refuses a file larger than APK_MAX_MB with 413, streamed or declared', async () => {
    const big = buildApk({ versionCode: 40 }, { padding: 1024 * 1024 + 10 });
    const res = await uploadApk('POB', big);
    expect(res.statusCode).toBe(413);
    expect(res.error()).toMatchObject({ code: 'E_PAYLOAD_TOO_LARGE', errors: [{ field: 'file' }] });
    expect(res.error().respones_msg).toBe('The APK is larger than 1 MB (APK_MAX_MB).');
    await expectNothingSaved('POB', 40);
    // Just under the limit passes.
    expect((await uploadApk('POB', buildApk({ versionCode: 41 }, { padding: 1000 * 1000 }))).statusCode).toBe(200);
    // A body declared far over the limit is refused before it is read.
    const declared = await rt.app.inject({
      method: 'POST',
      url: staffApi.apkUpload.path,
      payload: Buffer.alloc(16),
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(5 * 1024 * 1024),
        authorization: root.token,
      },
    });
    expect(declared.statusCode).toBe(413);
  });
});

describe("the plans' apkLink follows the uploads unless staff set an external link", () => {
  it('links both plans of the family to the highest version code; customers see version, size and SHA-256', async () => {
    const v5 = buildApk({ versionCode: 5, versionName: '1.5' });
    await uploadApk('PDOW', v5).then((r) => r.data().data);
    expect((await priceOf('PDOW')).apkLink).toBe('http://localhost:3000/downloads/PDOW/5.apk');
    expect((await priceOf('PDOWOT')).apkLink).toBe('http://localhost:3000/downloads/PDOW/5.apk');
    const v7 = buildApk({ versionCode: 7, versionName: '1.7' });
    await uploadApk('PDOW', v7).then((r) => r.data().data);
    // An older build uploaded later does not take the link back.
    await uploadApk('PDOW', buildApk({ versionCode: 6, versionName: '1.6' })).then((r) => r.data().data);
    expect((await priceOf('PDOW')).apkLink).toBe('http://localhost:3000/downloads/PDOW/7.apk');

    const customer = await newCustomer(rt);
    const sdk = (
      await call(rt, plansApi.downloadSdk, { query: { appName: 'PD' }, token: customer.token })
    ).data() as DownloadSdkResponse;
    expect(sdk.data.pdowPriceDetail).toEqual({
      apkLink: 'http://localhost:3000/downloads/PDOW/7.apk',
      apkLinkQrCode: 'http://localhost:3000/api/v1/qr/apk/PDOW.png',
      version: {
        versionCode: 7,
        versionName: '1.7',
        sizeBytes: v7.length,
        sha256: sha256(v7),
        uploadedAt: expect.any(String),
      },
    });
    expect(sdk.pdowPriceDetail).toEqual(sdk.data.pdowPriceDetail);
    expect(sdk.data.slPriceDetail.version?.versionCode).toBe(9000);

    // The public answer of /enrol: every family, in family order, no session.
    const pub = (await call(rt, publicApi.apkDownloads)).data().data;
    expect(pub.map((d) => d.family)).toEqual(['PD', 'PDOW', 'SL', 'PC', 'UB', 'KM', 'POB', 'PCHAT']);
    expect(pub.find((d) => d.family === 'PDOW')).toEqual({ family: 'PDOW', ...sdk.data.pdowPriceDetail });
    expect(pub.find((d) => d.family === 'PCHAT')).toEqual({
      family: 'PCHAT',
      apkLink: '',
      apkLinkQrCode: '',
      version: null,
    });
  });

  it('keeps an external link staff set; clearing it brings the hosted one back', async () => {
    const external = 'https://cdn.example.com/power-chat/latest.apk';
    expect((await setLink('PCHAT', external)).apkLink).toBe(external);
    await uploadApk('PCHAT', buildApk({ versionCode: 3 })).then((r) => r.data().data);
    expect((await priceOf('PCHAT')).apkLink).toBe(external);
    const pub = (await call(rt, publicApi.apkDownloads)).data().data;
    expect(pub.find((d) => d.family === 'PCHAT')).toMatchObject({ apkLink: external, version: null });

    // Cleared in pricing edit: the newest upload again.
    expect((await setLink('PCHAT', '')).apkLink).toBe('http://localhost:3000/downloads/PCHAT/3.apk');
    // Saving the form with the hosted link as shown keeps it hosted: the next upload moves it.
    await setLink('PCHAT', 'http://localhost:3000/downloads/PCHAT/3.apk');
    await uploadApk('PCHAT', buildApk({ versionCode: 4 })).then((r) => r.data().data);
    expect((await priceOf('PCHAT')).apkLink).toBe('http://localhost:3000/downloads/PCHAT/4.apk');
    const [row] = await rt.ctx.db.select().from(plans).where(eq(plans.identifier, 'PCHAT'));
    expect(row!.apkLink).toBe('http://localhost:3000/downloads/PCHAT/4.apk');
  });
});

describe('GET price/apk/list', () => {
  it('lists versions newest first with size, hash, uploader and date; pages and filters by family', async () => {
    const all = (await call(rt, staffApi.apkList, { token: root.token, query: { limit: 50 } })).data();
    expect(all.maxUploadBytes).toBe(1024 * 1024);
    expect(all.pagination).toMatchObject({ page: 1, limit: 50, total: all.data.length });
    expect(all.data.length).toBeGreaterThanOrEqual(10);
    const times = all.data.map((v) => new Date(v.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.data[0]).toMatchObject({ family: 'PCHAT', versionCode: 4, uploadedBy: root.email });
    expect(all.data[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(all.data[0]!.sizeBytes).toBeGreaterThan(0);

    const pdow = (await call(rt, staffApi.apkList, { token: root.token, query: { family: 'PDOW' } })).data();
    expect(pdow.data.map((v) => v.versionCode)).toEqual([6, 7, 5]);
    expect(pdow.pagination.total).toBe(3);

    const page2 = (await call(rt, staffApi.apkList, { token: root.token, query: { page: 2, limit: 5 } })).data();
    expect(page2.data.map((v) => v._id)).toEqual(all.data.slice(5, 10).map((v) => v._id));

    const bad = await call(rt, staffApi.apkList, { token: root.token, query: { family: 'XX' } });
    expect(bad.statusCode).toBe(400);
    expect((await call(rt, staffApi.apkList, { token: root.token, query: { limit: 7 } })).statusCode).toBe(400);
  });
});

describe('the binary manifest reader', () => {
  it('reads aapt-style binary XML and refuses a truncated one', () => {
    const manifest = axmlManifest({ versionCode: 2_000_000_001, versionName: 'ünïcode 1.0', packageName: 'a.b' });
    expect(parseManifest(manifest)).toEqual({
      versionCode: 2_000_000_001,
      versionName: 'ünïcode 1.0',
      packageName: 'a.b',
    });
    expect(() => parseManifest(manifest.subarray(0, manifest.length - 30))).toThrow(/could not be read/);
  });
});
