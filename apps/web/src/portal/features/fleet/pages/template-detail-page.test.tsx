import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailAs } from '@/test/members';
import { mockApi } from '@/test/mock-api';
import {
  API,
  currentLocation,
  renderTemplatePages,
  signedIn,
  template,
  TEMPLATE_ID,
  templateAnswer,
} from '../testing/template-fixtures';

const DETAIL = `${API}/templates/${TEMPLATE_ID}`;
const open = (tab = '', routes: Parameters<typeof mockApi>[0] = {}, shown = template()) => {
  const api = mockApi({
    ...signedIn,
    [`GET ${DETAIL}`]: templateAnswer(shown),
    ...routes,
  });
  return { api, ...renderTemplatePages(`/template-detail?id=${TEMPLATE_ID}${tab ? `&tab=${tab}` : ''}`) };
};
/** A template's application entry: the package `status: 'Uninstall'` on devices of `productType`. */
const uninstalled = (appPackageName: string, productType: string, title: string) => ({
  appPackageName,
  status: 'Uninstall',
  productType,
  appIcon: '',
  appDetails: { title, icon: '', appId: appPackageName },
});
const FACEBOOK = uninstalled('com.facebook.katana', 'Super Lock', 'Facebook');
const SHOP = uninstalled('com.example.shop', 'Kiosk', 'Shop');
/** A template whose settings hold a cleaner entry and a kiosk entry. */
const withApps = () => template({ settings: { ...template().settings, profileApplications: [FACEBOOK, SHOP] } });
const saved = (overrides: Parameters<typeof template>[0] = {}) =>
  templateAnswer(template({ version: 3, ...overrides }), 'Template saved.');

describe('Template detail page', () => {
  it("shows the name, family, version, the family's settings tabs without the device's own, and every version", async () => {
    open();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Front desk tablets');
    const summary = screen.getByRole('region', { name: 'Template' });
    expect(within(summary).getByText('Super Lock')).toBeInTheDocument();
    expect(within(summary).getByText('Version 2')).toBeInTheDocument();
    expect(within(summary).getByText('Used by 1 group')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Template settings' }))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    // Super Lock's tabs as on a device's page, less its Applications and Device tabs.
    expect(tabs).toEqual(['Cleaner Apps', 'Setting', 'Key Mapper', 'URL', 'Kiosk', 'Power On Boot', 'Pin']);

    const versions = screen.getByRole('list', { name: 'Versions' });
    const v2 = within(versions).getByRole('listitem', { name: 'Version 2' });
    expect(within(v2).getByText('Current')).toBeInTheDocument();
    expect(within(v2).getByText(/sam@acme\.test/)).toBeInTheDocument();
    expect(within(v2).getByText(/2026/)).toBeInTheDocument();
    expect(within(v2).getByText('Disabled factory reset and Bixby')).toBeInTheDocument();
    expect(within(v2).getByText('Blocked games.example.com')).toBeInTheDocument();
    const v1 = within(versions).getByRole('listitem', { name: 'Version 1' });
    expect(within(v1).getByText(/jane@acme\.test/)).toBeInTheDocument();
    expect(within(v1).getByText("Taken from a device's settings.")).toBeInTheDocument();
    // Newest first.
    expect(within(versions).getAllByRole('listitem', { name: /^Version/ })[0]).toBe(v2);
  });

  it("shows a Viewer the name and the Pin tab's field disabled, with no Save", async () => {
    open('pin', detailAs('Viewer'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled());
    await waitFor(() => expect(screen.getByLabelText(/Pin/, { selector: 'input' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('Setting: the profile tab saves as PUT templates/:id {settings: {advancedSettings}} and shows the new version', async () => {
    const { api, user } = open('setting', { [`PUT ${DETAIL}`]: saved() });
    const form = await screen.findByRole('form', { name: 'Advance Setting' });
    expect(within(form).getAllByRole('switch')).toHaveLength(19);
    await user.click(within(form).getByRole('switch', { name: 'Disable Bixby' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(1));
    const body = api.callsTo('PUT', DETAIL)[0]!.body as { settings: { advancedSettings: Record<string, boolean> } };
    expect(Object.keys(body)).toEqual(['settings']);
    expect(Object.keys(body.settings)).toEqual(['advancedSettings']);
    expect(Object.keys(body.settings.advancedSettings)).toHaveLength(19);
    expect(body.settings.advancedSettings).toMatchObject({ disableFactoryReset: true, disbableBixbyPackages: true });
    // No profile call: the tab's save went to the template.
    expect(api.calls.filter((c) => c.path.includes('/profile/'))).toHaveLength(0);
    expect(await within(screen.getByRole('region', { name: 'Template' })).findByText('Version 3')).toBeInTheDocument();
  });

  it('URL: adding and deleting a blocked URL sends the whole new list as the setting', async () => {
    const { api, user } = open('url', {
      [`PUT ${DETAIL}`]: saved({
        settings: { ...template().settings, blockUrl: ['https://games.example.com', 'https://facebook.com'] },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'URL' }), 'facebook.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({
        settings: { blockUrl: ['https://games.example.com', 'https://facebook.com'] },
      }),
    );
    expect(await screen.findByText('https://facebook.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete https://games.example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', DETAIL)[1]?.body).toEqual({ settings: { blockUrl: ['https://facebook.com'] } }),
    );
  });

  it('Pin: refuses a bad pin under the field as on a device, and saves a good one to the template', async () => {
    const { api, user } = open('pin', {
      [`PUT ${DETAIL}`]: saved({ settings: { ...template().settings, pin: '1234' } }),
    });
    const pin = await screen.findByLabelText('Pin', { selector: 'input' });
    // Save shows once users/detail has answered (who may write): it may come after the field.
    const save = await within(screen.getByRole('form', { name: 'Pin' })).findByRole('button', { name: 'Save' });
    await user.type(pin, '12a');
    await user.click(save);
    expect(await screen.findByText('Pin must be 4 to 12 digits (empty: no pin)')).toBeInTheDocument();
    expect(api.callsTo('PUT', DETAIL)).toHaveLength(0);
    await user.clear(pin);
    await user.type(pin, '1234');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({ settings: { pin: '1234' } }));
  });

  it('Key Mapper: adding and deleting a mapping sends the new list (keys, events and packages, no ids)', async () => {
    const { api, user } = open('key-mapper', { [`PUT ${DETAIL}`]: saved() });
    const form = await screen.findByRole('form', { name: 'Add key mapping' });
    await user.type(within(form).getByRole('textbox', { name: /Package name/ }), 'com.example.kiosk');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({
        settings: {
          keyMapper: [
            { keyName: 'VOLUME_UP_KEY', keyEvent: 'DOUBLE_TAP', packageName: 'com.android.chrome' },
            { keyName: 'BACK_KEY', keyEvent: 'SINGLE_TAP', packageName: 'com.example.kiosk' },
          ],
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Volume Up key Double tap' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)[1]?.body).toEqual({ settings: { keyMapper: [] } }));
  });

  it("Kiosk: Multi App shows the template's kiosk list; a Browser kiosk saves its fields as settings", async () => {
    const { api, user } = open('kiosk', { [`PUT ${DETAIL}`]: saved() }, withApps());
    const type = await screen.findByRole('combobox', { name: 'Kiosk type' });
    await user.selectOptions(type, 'Multi App');
    const kioskList = await screen.findByRole('table', { name: 'Kiosk applications' });
    expect(within(kioskList).getByText('Shop')).toBeInTheDocument();
    expect(within(kioskList).queryByText('Facebook')).not.toBeInTheDocument();
    await user.selectOptions(type, 'Browser');
    await user.type(screen.getByRole('textbox', { name: 'Website URL' }), 'https://shop.example.com');
    await user.click(within(screen.getByRole('form', { name: 'Kiosk' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(1));
    expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({
      settings: {
        kioskType: 'Browser',
        browserKioskWebsiteUrl: 'https://shop.example.com',
        browserKioskScreenTimeout: null,
        browserKioskScreenBrightness: null,
        browserKioskScreenOrientation: 'Auto',
        browserKioskShowAddressBar: false,
      },
    });
  });

  it("Cleaner Apps: the list is the template's; a status change or a delete sends the new list of every kind", async () => {
    const { api, user } = open(
      'cleaner-apps',
      { [`PUT ${DETAIL}`]: saved({ settings: withApps().settings }) },
      withApps(),
    );
    const list = await screen.findByRole('table', { name: 'Cleaner applications' });
    expect(within(list).getByText('Facebook')).toBeInTheDocument();
    expect(within(list).queryByText('Shop')).not.toBeInTheDocument();
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Status of Facebook' }), 'Clear Data');
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(1));
    expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({
      settings: { profileApplications: [{ ...FACEBOOK, status: 'Clear Data' }, SHOP] },
    });

    // The answer is a new version: the list shown is that version's.
    const again = await screen.findByRole('table', { name: 'Cleaner applications' });
    await user.click(within(again).getByRole('button', { name: 'Delete Facebook' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)).toHaveLength(2));
    expect(api.callsTo('PUT', DETAIL)[1]?.body).toEqual({ settings: { profileApplications: [SHOP] } });
  });

  it('renames with PUT templates/:id {name}', async () => {
    const { api, user } = open('', { [`PUT ${DETAIL}`]: saved({ name: 'Lobby tablets', version: 2 }) });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(screen.getByRole('form', { name: 'Template name' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.callsTo('PUT', DETAIL)).toHaveLength(0);
    await user.type(name, 'Lobby tablets');
    await user.click(within(screen.getByRole('form', { name: 'Template name' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', DETAIL)[0]?.body).toEqual({ name: 'Lobby tablets' }));
  });

  it('delete asks first naming the consequence; a 409 "in use" is shown in words and nothing leaves', async () => {
    const { api, user } = open('', {
      [`DELETE ${DETAIL}`]: {
        status: 409,
        body: { respones_msg: 'The group "Lobby" uses this template.', code: 'E_CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete template' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/"Front desk tablets" and its 2 versions will be deleted for good/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Devices keep the settings they have now/)).toBeInTheDocument();
    expect(within(dialog).getByText(/It is the template of 1 group/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', DETAIL)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'This template is in use, so it was not deleted: The group "Lobby" uses this template.',
    );
    expect(api.callsTo('DELETE', DETAIL)).toHaveLength(1);
    expect(currentLocation()).toBe(`/template-detail?id=${TEMPLATE_ID}`);
  });

  it('delete, confirmed, removes the template and goes back to the list', async () => {
    const { api, user } = open(
      '',
      {
        [`DELETE ${DETAIL}`]: { body: { respones_msg: 'Template deleted.' } },
        [`GET ${API}/templates`]: {
          body: { respones_msg: 'Templates', data: [], pagination: { page: 1, limit: 25, total: 0 } },
        },
      },
      template({ groupCount: 0 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete template' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/It is the template of/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(currentLocation()).toBe('/templates'));
    expect(api.callsTo('DELETE', DETAIL)).toHaveLength(1);
  });

  it('a link without a template id says so; a failed load shows the error with Retry', async () => {
    mockApi({
      ...signedIn,
      [`GET ${DETAIL}`]: { status: 404, body: { respones_msg: 'Template not found.', code: 'E_NOT_FOUND' } },
    });
    const first = renderTemplatePages('/template-detail?id=nope');
    expect(await screen.findByText('No template chosen')).toBeInTheDocument();
    first.unmount();
    renderTemplatePages(`/template-detail?id=${TEMPLATE_ID}`);
    expect(await screen.findByText('The template could not load')).toBeInTheDocument();
    expect(screen.getByText('Template not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
