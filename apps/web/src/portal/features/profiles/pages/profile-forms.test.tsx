import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  API,
  detailAnswer,
  profile,
  profileApplication,
  PROFILE_ID,
  queriesTo,
  shellRoutes,
} from '../testing/fixtures';

const updated = (overrides: Parameters<typeof profile>[0] = {}) => ({
  body: { respones_msg: 'Profile updated.', data: profile({ hasUnappliedChanges: true, ...overrides }) },
});

/** Signs in, answers the detail call with `shown` (and the other calls with `routes`) and opens `url`. */
const openProfile = (url: string, shown: ReturnType<typeof profile>, routes: Parameters<typeof mockApi>[0] = {}) => {
  window.localStorage.setItem('token', 'tok');
  const api = mockApi({ ...shellRoutes, [`GET ${API}/profile/detail`]: detailAnswer(shown), ...routes });
  return { api, ...renderApp(url) };
};

describe('Profile detail forms', () => {
  it('Pin: refuses a pin that is not 4 to 12 digits under the field, saves a valid one', async () => {
    const { api, user } = openProfile(`/profile-detail?profile_id=${PROFILE_ID}&tab=pin`, profile(), {
      [`POST ${API}/profile/update`]: updated({ pin: '123456' }),
    });
    const pin = await screen.findByLabelText('Pin', { selector: 'input' });
    await user.type(pin, '12a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pin must be 4 to 12 digits (empty: no pin)')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/update`)).toHaveLength(0);

    await user.clear(pin);
    await user.type(pin, '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/update`)[0]?.body).toEqual({ profileId: PROFILE_ID, pin: '123456' }),
    );
    expect(screen.queryByText('Pin must be 4 to 12 digits (empty: no pin)')).not.toBeInTheDocument();
    // The answer's profile replaces the shown one: the header says the device does not have it yet.
    expect(await screen.findByText('Unapplied changes')).toBeInTheDocument();
  });

  it('Advance Setting: the 19 switches with the Samsung note; Save sends all of them', async () => {
    const { api, user } = openProfile(`/profile-detail?profile_id=${PROFILE_ID}&tab=advance-setting`, profile(), {
      [`POST ${API}/profile/update`]: updated(),
    });
    const form = await screen.findByRole('form', { name: 'Advance Setting' });
    expect(within(form).getByText('Works with Samsung devices only')).toBeInTheDocument();
    expect(within(form).getAllByRole('switch')).toHaveLength(19);
    expect(within(form).getByRole('switch', { name: 'Disable factory reset' })).toBeChecked();
    await user.click(within(form).getByRole('switch', { name: 'Disable Bixby' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/update`)).toHaveLength(1));
    const body = api.callsTo('POST', `${API}/profile/update`)[0]!.body as {
      advancedSettings: Record<string, boolean>;
    };
    expect(Object.keys(body.advancedSettings)).toHaveLength(19);
    expect(body.advancedSettings).toMatchObject({
      disableFactoryReset: true,
      disbableBixbyPackages: true,
      disableWiFi: false,
    });
  });

  it('Kiosk: a screen timeout of -5 or 1.5 is refused as typed (never made 5) and nothing is sent', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=kiosk`,
      profile({ appName: 'SL' }),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kiosk type' }), 'Browser');
    await user.type(screen.getByRole('textbox', { name: 'Website URL' }), 'https://shop.example.com');
    await expectRefusedAsTyped(
      user,
      screen.getByRole('textbox', { name: /Screen timeout/ }),
      [
        ['-5', 'No minus sign'],
        ['1.5', 'Enter a whole number'],
      ],
      { check: () => user.click(screen.getByRole('button', { name: 'Save' })) },
    );
    expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)).toHaveLength(0);
  });

  it('Kiosk Browser: names a bad URL and a brightness of 256 under their fields and sends nothing', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=kiosk`,
      profile({ appName: 'SL' }),
      {
        [`POST ${API}/profile/update/kiosk/setting`]: updated({ appName: 'SL', kioskType: 'Browser' }),
      },
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kiosk type' }), 'Browser');
    expect(
      within(screen.getByRole('combobox', { name: 'Kiosk type' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Single App', 'Multi App', 'Browser', 'Signage']);

    await user.type(screen.getByRole('textbox', { name: 'Website URL' }), 'ftp://example.com');
    await user.type(screen.getByRole('textbox', { name: 'Screen brightness' }), '256');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Website URL must be an http(s) URL such as https://example.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('Screen brightness must be from 0 to 255')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)).toHaveLength(0);

    const url = screen.getByRole('textbox', { name: 'Website URL' });
    await user.clear(url);
    await user.type(url, 'https://shop.example.com');
    const brightness = screen.getByRole('textbox', { name: 'Screen brightness' });
    await user.clear(brightness);
    await user.type(brightness, '200');
    await user.type(screen.getByRole('textbox', { name: /Screen timeout/ }), '60');
    await user.click(screen.getByRole('radio', { name: 'Landscape' }));
    await user.click(screen.getByRole('switch', { name: 'Show address bar' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)[0]?.body).toEqual({
      profileId: PROFILE_ID,
      kioskType: 'Browser',
      browserKioskWebsiteUrl: 'https://shop.example.com',
      browserKioskScreenTimeout: 60,
      browserKioskScreenBrightness: 200,
      browserKioskScreenOrientation: 'Landscape',
      browserKioskShowAddressBar: true,
    });
  });

  it('Kiosk Signage: blank video rows are dropped on save', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=kiosk`,
      profile({ appName: 'SL' }),
      {
        [`POST ${API}/profile/update/kiosk/setting`]: updated({ appName: 'SL', kioskType: 'Signage' }),
      },
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kiosk type' }), 'Signage');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one video URL for a Signage kiosk')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Video URL 1' }), 'https://cdn.example.com/a.mp4');
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    await user.type(screen.getByRole('textbox', { name: 'Video URL 3' }), 'https://cdn.example.com/b.mp4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)[0]?.body).toMatchObject({
      kioskType: 'Signage',
      signageVideoLists: ['https://cdn.example.com/a.mp4', 'https://cdn.example.com/b.mp4'],
    });
  });

  it('Kiosk Single App needs a package; Multi App shows the kiosk list (productType Kiosk)', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=kiosk`,
      profile({ appName: 'SL' }),
      {
        [`GET ${API}/profile/applications`]: {
          body: {
            respones_msg: 'OK',
            data: [
              profileApplication('9b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 'com.android.chrome', 'Chrome', {
                productType: 'Kiosk',
              }),
            ],
          },
        },
        [`POST ${API}/profile/update/kiosk/setting`]: updated({ appName: 'SL', kioskType: 'Multi App' }),
      },
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kiosk type' }), 'Single App');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Package name is required for a Single App kiosk')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kiosk type' }), 'Multi App');
    expect(await screen.findByRole('table', { name: 'Kiosk applications' })).toHaveTextContent('Chrome');
    expect(queriesTo(api.fetchMock, `${API}/profile/applications`).at(-1)?.get('productType')).toBe('Kiosk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/update/kiosk/setting`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        kioskType: 'Multi App',
      }),
    );
  });

  it('Applications list: deleting asks "Are you sure?" with "Application will be removed from this list"', async () => {
    const entry = profileApplication('7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 'com.facebook.katana', 'Facebook');
    const { api, user } = openProfile(`/pc-profile-detail?profile_id=${PROFILE_ID}`, profile({ appName: 'PC' }), {
      [`GET ${API}/profile/applications`]: { body: { respones_msg: 'OK', data: [entry] } },
      [`DELETE ${API}/profile/application/delete`]: { body: { respones_msg: 'Application removed.', data: [] } },
      [`POST ${API}/profile/application/update`]: {
        body: { respones_msg: 'Application updated.', data: [{ ...entry, status: 'Clear Data' }] },
      },
    });
    expect(await screen.findByText('Facebook')).toBeInTheDocument();
    // Power Cleaner's own list: no productType.
    expect(queriesTo(api.fetchMock, `${API}/profile/applications`)[0]?.has('productType')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Facebook' }), 'Clear Data');
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/application/update`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        appPackageName: 'com.facebook.katana',
        status: 'Clear Data',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Facebook' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText('Application will be removed from this list')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `${API}/profile/application/delete`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Facebook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${API}/profile/application/delete`)).toHaveLength(1));
    const q = queriesTo(api.fetchMock, `${API}/profile/application/delete`)[0]!;
    expect(Object.fromEntries(q)).toEqual({ profileId: PROFILE_ID, id: entry._id });
    expect(await screen.findByText('Application removed.')).toBeInTheDocument();
  });

  it("adds an app found in the Play Store to Super Lock's cleaner list", async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=cleaner-apps`,
      profile({ appName: 'SL' }),
      {
        [`GET ${API}/profile/applications`]: { body: { respones_msg: 'OK', data: [] } },
        [`GET ${API}/device/playstore/search`]: {
          body: {
            respones_msg: 'OK',
            data: [
              {
                appId: 'com.zhiliaoapp.musically',
                title: 'TikTok',
                icon: 'https://img.example/tt.png',
                developer: 'TikTok',
              },
            ],
          },
        },
        [`POST ${API}/profile/application/create`]: (call: RecordedCall) => {
          const { appPackageName } = call.body as { appPackageName: string };
          const added = profileApplication('8c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', appPackageName, 'TikTok', {
            productType: 'Super Lock',
          });
          return { body: { respones_msg: 'Application added.', data: [added] } };
        },
      },
    );
    expect(await screen.findByText('No applications in this list yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Application' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Search the Play Store' }), 'tik');
    await user.click(await within(dialog).findByRole('option', { name: /TikTok/ }));
    expect(queriesTo(api.fetchMock, `${API}/device/playstore/search`).at(-1)?.get('app_name')).toBe('tik');
    expect(within(dialog).getByRole('textbox', { name: 'Package name' })).toHaveValue('com.zhiliaoapp.musically');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Clear Data');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/application/create`)).toHaveLength(1));
    expect(api.callsTo('POST', `${API}/profile/application/create`)[0]?.body).toEqual({
      profileId: PROFILE_ID,
      appPackageName: 'com.zhiliaoapp.musically',
      appIcon: 'https://img.example/tt.png',
      status: 'Clear Data',
      appDetails: { title: 'TikTok', icon: 'https://img.example/tt.png', appId: 'com.zhiliaoapp.musically' },
      productType: 'Super Lock',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Files: checks the path is absolute, adds and deletes after confirmation', async () => {
    const { api, user } = openProfile(
      `/pc-profile-detail?profile_id=${PROFILE_ID}&tab=files`,
      profile({ appName: 'PC' }),
      {
        [`POST ${API}/profile/file/add`]: (call: RecordedCall) => {
          const { filePath } = call.body as { filePath: string };
          return updated({ appName: 'PC', profileFiles: ['/sdcard/Download/old.pdf', filePath] });
        },
        [`POST ${API}/profile/file/delete`]: updated({ appName: 'PC', profileFiles: [] }),
      },
    );
    const input = await screen.findByRole('textbox', { name: 'File path' });
    await user.type(input, 'Download/report.pdf');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('File path must be an absolute path such as /sdcard/Download/report.pdf'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/file/add`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '/sdcard/Download/report.pdf');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('/sdcard/Download/report.pdf')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/file/add`)[0]?.body).toEqual({
      profileId: PROFILE_ID,
      filePath: '/sdcard/Download/report.pdf',
    });
    expect(input).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Delete /sdcard/Download/old.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/file/delete`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        filePath: '/sdcard/Download/old.pdf',
      }),
    );
    expect(await screen.findByText('No file paths yet.')).toBeInTheDocument();
  });

  it('URL Blocker: blocked URLs must be http(s); File has the block file URL', async () => {
    const { api, user } = openProfile(`/ub-profile-detail?profile_id=${PROFILE_ID}`, profile({ appName: 'UB' }), {
      [`POST ${API}/profile/blockUrl/add`]: updated({
        appName: 'UB',
        blockUrl: ['https://games.example.com', 'https://x.example'],
      }),
      [`POST ${API}/profile/update`]: updated({ appName: 'UB', blockFileUrl: 'https://lists.example.com/files.txt' }),
    });
    expect(await screen.findByText('https://games.example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('URL must be an http(s) URL such as https://example.com')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://x.example');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/blockUrl/add`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        url: 'https://x.example',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'File' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Block file URL' }),
      'https://lists.example.com/files.txt',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/update`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        blockFileUrl: 'https://lists.example.com/files.txt',
      }),
    );
  });

  it('URL Blocker: a bare domain is taken as its https address', async () => {
    const { api, user } = openProfile(
      `/ub-profile-detail?profile_id=${PROFILE_ID}`,
      profile({ appName: 'UB', blockUrl: [] }),
      {
        [`POST ${API}/profile/blockUrl/add`]: updated({ appName: 'UB', blockUrl: ['https://facebook.com'] }),
      },
    );
    await user.type(await screen.findByRole('textbox', { name: 'URL' }), ' facebook.com ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/blockUrl/add`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        url: 'https://facebook.com',
      }),
    );
  });

  it('asks before a tab change drops switches changed without Save', async () => {
    const saved = profile();
    const { api, user } = openProfile(`/profile-detail?profile_id=${PROFILE_ID}&tab=advance-setting`, saved, {
      [`POST ${API}/profile/update`]: updated({
        advancedSettings: { ...saved.advancedSettings, disbableBixbyPackages: true },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Advance Setting' });
    await user.click(within(form).getByRole('switch', { name: 'Disable Bixby' }));
    await user.click(screen.getByRole('tab', { name: 'Pin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Advance Setting: your changes are not saved yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('tab', { name: 'Advance Setting' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByRole('switch', { name: 'Disable Bixby' })).toBeChecked();

    await user.click(within(form).getByRole('switch', { name: 'Disable GPS' }));
    await user.click(screen.getByRole('tab', { name: 'Pin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByLabelText('Pin', { selector: 'input' })).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/update`)).toHaveLength(0);

    // Saved: the tab changes without a question.
    await user.click(screen.getByRole('tab', { name: 'Advance Setting' }));
    const again = await screen.findByRole('form', { name: 'Advance Setting' });
    await user.click(within(again).getByRole('switch', { name: 'Disable Bixby' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/profile/update`)).toHaveLength(1));
    await waitFor(() => expect(within(again).queryByText('Unsaved changes')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Pin' }));
    expect(await screen.findByLabelText('Pin', { selector: 'input' })).toBeInTheDocument();
    // The discard dialog above leaves in a 200 ms fade; a new question would stay open and fail this.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Power On Boot: the time is typed and shown in 24-hour HH:MM', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=power-on-boot`,
      profile({ appName: 'SL' }),
      {
        [`POST ${API}/profile/update/pob/setting`]: updated({ appName: 'SL' }),
      },
    );
    await user.click(await screen.findByRole('switch', { name: /Schedule shutdown/ }));
    const time = screen.getByRole('textbox', { name: 'Time' });
    expect(time).toHaveValue('22:00');
    await user.clear(time);
    await user.type(time, '1730');
    expect(time).toHaveValue('17:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/update/pob/setting`)[0]?.body).toMatchObject({
        scheduleShutdown: { scheduleType: 'Daily', scheduleTime: '17:30', days: [] },
      }),
    );
  });

  it('Key Mapping: adds an entry with key name, key event and package', async () => {
    const { api, user } = openProfile(`/km-profile-detail?profile_id=${PROFILE_ID}`, profile({ appName: 'KM' }), {
      [`POST ${API}/profile/keyMapper/add`]: updated({ appName: 'KM' }),
      [`POST ${API}/profile/keyMapper/delete`]: updated({ appName: 'KM', keyMapper: [] }),
    });
    const table = await screen.findByRole('table', { name: 'Key mappings' });
    expect(within(table).getByText('Volume Up key')).toBeInTheDocument();
    expect(within(table).getByText('Double tap')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Key name' }), 'POWER_KEY');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Key event' }), 'LONG_PRESS');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Package name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Package name/ }), 'com.android.camera');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/keyMapper/add`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        keyName: 'POWER_KEY',
        keyEvent: 'LONG_PRESS',
        packageName: 'com.android.camera',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Volume Up key Double tap' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/keyMapper/delete`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      }),
    );
  });

  it('Power On Boot: days only for Weekly, at least one of them', async () => {
    const { api, user } = openProfile(
      `/sl-profile-detail?profile_id=${PROFILE_ID}&tab=power-on-boot`,
      profile({ appName: 'SL' }),
      {
        [`POST ${API}/profile/update/pob/setting`]: updated({ appName: 'SL' }),
      },
    );
    await user.click(await screen.findByRole('switch', { name: /Enable Power On Boot/ }));
    await user.click(screen.getByRole('switch', { name: /Schedule shutdown/ }));
    expect(screen.queryByRole('checkbox', { name: 'Monday' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one day for a weekly schedule')).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/profile/update/pob/setting`)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/profile/update/pob/setting`)[0]?.body).toEqual({
        profileId: PROFILE_ID,
        enablePowerOnBoot: true,
        shutdownOnDisconnect: false,
        scheduleShutdown: { scheduleType: 'Weekly', scheduleTime: '22:00', days: ['Monday', 'Friday'] },
      }),
    );
  });
});
