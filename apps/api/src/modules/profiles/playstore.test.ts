import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { profilesApi, packageNameSchema, type PlayStoreApp } from '@fleetdeck/contract';
import { ConfigError, loadConfig } from '../../config.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { createGooglePlayProvider, type ScraperSearch } from './playstore/google-play.ts';
import { iconSvg, initialOf } from './playstore/icon.ts';
import { catalogueApps, createLocalProvider, matchRank } from './playstore/local.ts';
import { PLAY_STORE_MAX_RESULTS, createPlayStoreProvider } from './playstore/provider.ts';
import { call } from '../../../test/support/call.ts';
import { dataOf, failure, fleetOwner, reportInventory } from '../../../test/support/profiles.ts';

/** `GET device/playstore/search`: the local catalogue provider, its icons, and the optional Google Play provider. */

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  owner = await fleetOwner(rt);
  const d = await owner.enrol('PD');
  await reportInventory(rt, d, [
    { package_name: 'com.acme.inventory', app_name: 'Acme Inventory', appIcon: 'https://cdn.acme.example/inv.png' },
    { package_name: 'com.acme.timesheet', app_name: 'Timesheets', appIcon: 'javascript:alert(1)' },
    // A catalogue app reported under another name keeps the catalogue's title and developer.
    { package_name: 'com.whatsapp', app_name: 'WA', appIcon: '' },
  ]);
});
afterAll(async () => rt?.close());

const search = async (app_name: string, token = owner.token) =>
  dataOf<PlayStoreApp[]>(await call(rt, profilesApi.playStoreSearch, { token, query: { app_name } }));

describe('GET device/playstore/search (local provider)', () => {
  it('finds catalogue apps by name, case-insensitively, names starting with the text first', async () => {
    const found = await search('WHATSAPP');
    expect(found.slice(0, 2).map((a) => a.appId)).toEqual(['com.whatsapp', 'com.whatsapp.w4b']);
    expect(found[0]).toEqual({
      appId: 'com.whatsapp',
      title: 'WhatsApp Messenger',
      icon: '/api/v1/playstore/icon/com.whatsapp.svg',
      developer: 'WhatsApp LLC',
    });
    // "maps": a later word in both titles, so by title.
    expect((await search('maps')).map((a) => a.title)).toEqual(['Google Maps', 'HERE WeGo - Maps & Navigation']);
    // "note": titles with a word starting with it (by title), then titles or packages merely containing it.
    const notes = await search('note');
    expect(notes.map((a) => a.title)).toEqual([
      'Evernote - Note Organizer',
      'Google Keep - Notes and Lists',
      'Notion: Notes, Docs, Tasks',
      'Samsung Notes',
      'Microsoft OneNote',
      'Samsung Voice Recorder', // com.sec.android.app.voicenote
    ]);
    // "one ui": the title starting with it first.
    expect((await search('one ui'))[0]!.title).toBe('One UI Home');
    const ranks = notes.map((a) => matchRank('note', a.title, a.appId)!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it(`answers at most ${PLAY_STORE_MAX_RESULTS} apps, and none for text nothing contains`, async () => {
    expect(await search('google')).toHaveLength(PLAY_STORE_MAX_RESULTS);
    expect(await search('com.')).toHaveLength(PLAY_STORE_MAX_RESULTS);
    expect(await search('zzqx-nothing')).toEqual([]);
    const res = await call(rt, profilesApi.playStoreSearch, {
      token: owner.token,
      query: { app_name: 'zzqx-nothing' },
    });
    expect(JSON.parse(res.body).respones_msg).toBe('No apps found.');
  });

  it("includes the packages the customer's devices reported, with their names and only safe icons", async () => {
    const acme = await search('acme');
    expect(acme).toEqual([
      { appId: 'com.acme.inventory', title: 'Acme Inventory', icon: 'https://cdn.acme.example/inv.png', developer: '' },
      {
        appId: 'com.acme.timesheet',
        title: 'Timesheets',
        icon: '/api/v1/playstore/icon/com.acme.timesheet.svg',
        developer: '',
      },
    ]);
    expect((await search('timesh')).map((a) => a.appId)).toEqual(['com.acme.timesheet']);
    // Reported under another name: found by that name too, shown with the catalogue's.
    const wa = await search('WA');
    expect(wa.find((a) => a.appId === 'com.whatsapp')).toMatchObject({
      title: 'WhatsApp Messenger',
      developer: 'WhatsApp LLC',
    });
    // Another customer does not see them (see also the matrix in access.test.ts).
    const stranger = await fleetOwner(rt, 1);
    expect(await search('acme', stranger.token)).toEqual([]);
  });

  it('refuses text shorter than 2 characters and a missing app_name, naming it', async () => {
    const short = await call(rt, profilesApi.playStoreSearch, { token: owner.token, query: { app_name: ' a ' } });
    expect(failure(short, 400, 'E_VALIDATION').respones_msg).toBe('app_name: type at least 2 characters');
    const missing = await call(rt, profilesApi.playStoreSearch, { token: owner.token });
    expect(failure(missing, 400, 'E_VALIDATION').respones_msg).toMatch(/^app_name: /);
    const long = await call(rt, profilesApi.playStoreSearch, {
      token: owner.token,
      query: { app_name: 'x'.repeat(101) },
    });
    failure(long, 400, 'E_VALIDATION');
    failure(await call(rt, profilesApi.playStoreSearch, { query: { app_name: 'chrome' } }), 401, 'E_UNAUTHORIZED');
  });

  it('the icon URLs it answers load as SVG without a session; other file names answer 400', async () => {
    const [wa] = await search('whatsapp messenger');
    const res = await rt.app.inject({ method: 'GET', url: wa!.icon });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('>W</text>');
    const bad = await rt.app.inject({ method: 'GET', url: '/api/v1/playstore/icon/..%2Fetc.svg' });
    expect(bad.statusCode).toBe(400);
    expect((await rt.app.inject({ method: 'GET', url: '/api/v1/playstore/icon/com.whatsapp.png' })).statusCode).toBe(
      400,
    );
  });
});

describe('the bundled catalogue and the ranking', () => {
  it('holds 150+ common apps with valid, unique package names, titles and developers', () => {
    const raw = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'playstore/catalogue.json'), 'utf8')) as {
      apps: { appId: string; title: string; developer: string }[];
    };
    expect(raw.apps.length).toBeGreaterThanOrEqual(150);
    expect(new Set(raw.apps.map((a) => a.appId)).size).toBe(raw.apps.length);
    for (const app of raw.apps) {
      expect(packageNameSchema.safeParse(app.appId).success, app.appId).toBe(true);
      expect(app.title.trim().length, app.appId).toBeGreaterThan(0);
      expect(app.developer.trim().length, app.appId).toBeGreaterThan(0);
    }
    expect(catalogueApps().get('com.sec.android.app.sbrowser')?.developer).toBe('Samsung Electronics Co., Ltd.');
  });

  it('matchRank: equal title, title prefix, package prefix, word prefix, package segment, anywhere, none', () => {
    expect(matchRank('slack', 'Slack', 'com.slack')).toBe(0);
    expect(matchRank('goo', 'Google Maps', 'com.google.android.apps.maps')).toBe(1);
    expect(matchRank('com.goo', 'Google Maps', 'com.google.android.apps.maps')).toBe(2);
    expect(matchRank('map', 'Google Maps', 'com.google.android.apps.maps')).toBe(3);
    expect(matchRank('katana', 'Facebook', 'com.facebook.katana')).toBe(4);
    expect(matchRank('book', 'Facebook', 'com.facebook.katana')).toBe(5);
    expect(matchRank('twitter', 'Facebook', 'com.facebook.katana')).toBeNull();
    expect(matchRank('  ', 'Facebook', 'com.facebook.katana')).toBeNull();
  });

  it('icons: the initial of the title (else of the package), XML-safe, one colour per package', () => {
    expect(initialOf('com.whatsapp', 'WhatsApp')).toBe('W');
    expect(initialOf('com.acme.inventory', '')).toBe('I');
    expect(initialOf('com.example.x', '"<&')).toBe('X');
    expect(iconSvg('com.a.b', '<script>')).not.toContain('<script>');
    expect(iconSvg('com.a.b', 'Alpha')).toBe(iconSvg('com.a.b', 'Alpha'));
  });
});

describe('the Google Play provider (PLAYSTORE_PROVIDER=google-play-scraper)', () => {
  const warnings: string[] = [];
  const logger = { warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? '') };
  const local = () => createLocalProvider(rt.ctx.db);

  it('answers Google Play results first, then local matches Google Play did not list, at most 20', async () => {
    const asked: Parameters<ScraperSearch>[0][] = [];
    const provider = createGooglePlayProvider({
      local: local(),
      logger,
      search: async (options) => {
        asked.push(options);
        return [
          {
            appId: 'com.acme.inventory.pro',
            title: 'Acme Inventory Pro',
            icon: 'https://play-lh.example/1',
            developer: 'Acme',
          },
          // The same package as a local match is listed once, as Google Play has it.
          {
            appId: 'com.acme.inventory',
            title: 'Acme Inventory (Play)',
            icon: 'https://play-lh.example/2',
            developer: 'Acme',
          },
          { appId: '', title: 'broken entry' },
        ];
      },
    });
    const found = await provider.search(owner.id, 'acme');
    expect(asked[0]).toMatchObject({ term: 'acme', num: PLAY_STORE_MAX_RESULTS, lang: 'en', country: 'us' });
    expect(found.map((a) => [a.appId, a.title])).toEqual([
      ['com.acme.inventory.pro', 'Acme Inventory Pro'],
      ['com.acme.inventory', 'Acme Inventory (Play)'],
      ['com.acme.timesheet', 'Timesheets'],
    ]);
    const many = createGooglePlayProvider({
      local: local(),
      logger,
      search: async () =>
        Array.from({ length: 30 }, (_, i) => ({
          appId: `com.play.app${i}`,
          title: `App ${i}`,
          icon: '',
          developer: 'X',
        })),
    });
    expect(await many.search(owner.id, 'whatsapp')).toHaveLength(PLAY_STORE_MAX_RESULTS);
  });

  it('falls back to the local search when Google Play fails or does not answer in time, and logs it', async () => {
    const failing = createGooglePlayProvider({
      local: local(),
      logger,
      search: async () => {
        throw new Error('Error requesting Google Play:getaddrinfo ENOTFOUND play.google.com');
      },
    });
    expect((await failing.search(owner.id, 'acme')).map((a) => a.appId)).toEqual([
      'com.acme.inventory',
      'com.acme.timesheet',
    ]);
    expect(warnings.at(-1)).toBe('Google Play search failed; answering from the local catalogue');

    const silent = createGooglePlayProvider({
      local: local(),
      logger,
      timeoutMs: 50,
      search: () => new Promise(() => undefined),
    });
    const started = Date.now();
    expect((await silent.search(owner.id, 'acme')).map((a) => a.appId)).toEqual([
      'com.acme.inventory',
      'com.acme.timesheet',
    ]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is chosen by the configuration, which refuses unknown providers; the scraper package loads', async () => {
    const chosen = (env: Record<string, string>) =>
      createPlayStoreProvider({ ...rt.ctx, config: loadConfig(env) }).name;
    expect(chosen({})).toBe('local');
    expect(chosen({ PLAYSTORE_PROVIDER: 'google-play-scraper' })).toBe('google-play-scraper');
    expect(() => loadConfig({ PLAYSTORE_PROVIDER: 'bing' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLAYSTORE_PROVIDER: 'bing' })).toThrow(
      /PLAYSTORE_PROVIDER: must be local or google-play-scraper/,
    );
    const scraper = await import('google-play-scraper');
    expect(typeof scraper.default.search).toBe('function');
  });
});
