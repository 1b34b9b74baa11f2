import { screen, waitFor, within } from '@testing-library/react';
import type { Command, DeviceDetail } from '@fleetdeck/contract';
import { describe, expect, it, vi } from 'vitest';
import { command, counts, preflight } from '@/portal/features/commands/testing/fixtures';
import { choose } from '@/portal/features/fleet/testing/select';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { LOST_MODE_POLL_MS } from '../api/follow-lost-mode';
import {
  API,
  detailAnswer,
  device,
  deviceAnswer,
  listAnswer,
  listItem,
  profile,
  PROFILE_ID,
  shellRoutes,
} from '../testing/fixtures';

const COMMANDS = `${API}/commands`;
const PREFLIGHT = `${API}/commands/preflight`;
const SENT_ID = 'd24e6f80-3b5c-4d7e-9f10-2b3c4d5e6f70';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The device page with its profile and device, the preflight's answer and the send's. */
function devicePage(preflightAnswer = preflight(1), d = device()) {
  window.localStorage.setItem('token', 'tok');
  const api = mockApi({
    ...shellRoutes,
    [`GET ${API}/profile/detail`]: detailAnswer(profile()),
    [`GET ${API}/profile/device/detail`]: deviceAnswer(d),
    [`POST ${PREFLIGHT}`]: preflightAnswer,
    [`POST ${COMMANDS}`]: (call: RecordedCall) => {
      const body = call.body as { type: 'lock'; params: Record<string, unknown> };
      return {
        body: { respones_msg: 'Command sent', data: command({ _id: SENT_ID, type: body.type, params: body.params }) },
      };
    },
  });
  return { api, ...renderApp(`/profile-detail?profile_id=${PROFILE_ID}`) };
}

type User = ReturnType<typeof renderApp>['user'];

/** Send in the confirmation `dialog`; the body of the `n`th command sent. */
async function sendFrom(user: User, dialog: HTMLElement, api: ReturnType<typeof mockApi>, n = 1) {
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(api.callsTo('POST', COMMANDS)).toHaveLength(n));
  return api.callsTo('POST', COMMANDS)[n - 1]!.body;
}

/** From a lost mode dialog just opened: Continue once checked, Send in the confirmation, then Close. */
async function sendLostModeFrom(user: User, opened: HTMLElement) {
  await within(opened).findByText('This device can enter and leave lost mode.');
  await user.click(within(opened).getByRole('button', { name: 'Continue' }));
  const confirmation = await screen.findByRole('dialog');
  await user.click(within(confirmation).getByRole('button', { name: 'Send' }));
  await user.click(await screen.findByRole('button', { name: 'Close' }));
}

async function openCommand(user: User, item: string) {
  await user.click(await screen.findByRole('button', { name: 'Commands' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe("A device's Commands menu (DECISIONS §11)", () => {
  it('locks with a message: the preflight first, then a confirmation naming the device, then one send with an Idempotency-Key and a link to the command', async () => {
    const { api, user } = devicePage();
    let dialog = await openCommand(user, 'Lock…');
    expect(within(dialog).getByText('Lock R58N123ABC')).toBeInTheDocument();
    expect(await within(dialog).findByText('This device can be locked.')).toBeInTheDocument();
    expect(api.callsTo('POST', PREFLIGHT)[0]!.body).toEqual({ type: 'lock', profileIds: [PROFILE_ID] });
    expect(api.callsTo('POST', COMMANDS)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Message on the lock screen/ }), 'Return to reception');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lock R58N123ABC?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Locks the screen showing "Return to reception".');
    expect(api.callsTo('POST', COMMANDS)).toHaveLength(0);

    await user.dblClick(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', COMMANDS).length).toBeGreaterThan(0));
    const sends = api.callsTo('POST', COMMANDS);
    expect(sends[0]!.body).toEqual({
      type: 'lock',
      profileIds: [PROFILE_ID],
      params: { message: 'Return to reception' },
    });
    const key = sends[0]!.headers['idempotency-key'];
    expect(key).toMatch(UUID);
    // A double click never sends a second command: any repeat carries the same key (the server answers it once).
    expect(sends.every((s) => s.headers['idempotency-key'] === key)).toBe(true);

    const link = await screen.findByRole('link', { name: "Follow it on the command's page" });
    expect(link).toHaveAttribute('href', `/command-detail?id=${SENT_ID}`);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Another dialog is another send: a new key.
    dialog = await openCommand(user, 'Lock…');
    await within(dialog).findByText('This device can be locked.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', COMMANDS).at(-1)!.body).toMatchObject({ params: {} }));
    expect(api.callsTo('POST', COMMANDS).at(-1)!.headers['idempotency-key']).toMatch(UUID);
    expect(api.callsTo('POST', COMMANDS).at(-1)!.headers['idempotency-key']).not.toBe(key);
  });

  it('says why the device cannot run a command and sends nothing', async () => {
    const { api, user } = devicePage(preflight(1, [{ reason: 'the app is not device owner', count: 1 }]));
    const dialog = await openCommand(user, 'Reboot…');
    expect(
      await within(dialog).findByText('This device cannot reboot: the app is not device owner.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(api.callsTo('POST', PREFLIGHT)[0]!.body).toEqual({ type: 'reboot', profileIds: [PROFILE_ID] });
    expect(api.callsTo('POST', COMMANDS)).toHaveLength(0);
  });

  it('refuses a ring of 0 or 301 seconds at the field, with the contract message, and sends 300', async () => {
    const { api, user } = devicePage();
    let dialog = await openCommand(user, 'Ring…');
    await within(dialog).findByText('This device can ring.');
    const seconds = within(dialog).getByRole('textbox', { name: /Ring time/ });
    expect(seconds).toHaveValue('30');
    for (const typed of ['0', '301']) {
      await user.clear(seconds);
      await user.type(seconds, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText('Ring time must be from 1 to 300 seconds')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    }
    await user.clear(seconds);
    await user.type(seconds, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ring R58N123ABC?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Rings for 300 seconds.');
    expect(await sendFrom(user, dialog, api)).toEqual({
      type: 'ring',
      profileIds: [PROFILE_ID],
      params: { seconds: 300 },
    });
  });

  it("offers the type's default expiry in words, refuses one outside a minute to 30 days, and sends another one chosen", async () => {
    const { api, user } = devicePage();
    let dialog = await openCommand(user, 'Lock…');
    await within(dialog).findByText('This device can be locked.');
    const expiry = within(dialog).getByRole('textbox', { name: /Expires after/ });
    const unit = within(dialog).getByRole('combobox', { name: 'Expiry unit' });
    expect(expiry).toHaveValue('7');
    expect(unit).toHaveValue('days');
    expect(dialog).toHaveTextContent('Default for lock: 7 days.');
    for (const [typed, inUnit] of [
      ['31', 'days'],
      ['0', 'minutes'],
      ['1.5', 'hours'],
      ['-5', 'minutes'],
      ['99999999', 'minutes'],
    ] as const) {
      await user.clear(expiry);
      await user.type(expiry, typed);
      await user.selectOptions(unit, inUnit);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(
        await within(dialog).findByText('Expiry must be a whole number from 1 minute to 30 days'),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    }
    await user.clear(expiry);
    await user.type(expiry, '2');
    await user.selectOptions(unit, 'hours');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('A device that does not ask for it within 2 hours never gets it (expired).');
    expect(await sendFrom(user, dialog, api)).toEqual({
      type: 'lock',
      profileIds: [PROFILE_ID],
      params: {},
      expiresInSeconds: 7200,
    });
    await user.click(await screen.findByRole('button', { name: 'Close' }));

    // Reboot's default is an hour: kept as it is, the request leaves it to the server (the same default).
    dialog = await openCommand(user, 'Reboot…');
    await within(dialog).findByText('This device can be rebooted.');
    expect(within(dialog).getByRole('textbox', { name: /Expires after/ })).toHaveValue('1');
    expect(within(dialog).getByRole('combobox', { name: 'Expiry unit' })).toHaveValue('hours');
    expect(dialog).toHaveTextContent('Default for reboot: 1 hour.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('within 1 hour never gets it');
    expect(await sendFrom(user, dialog, api, 2)).toEqual({ type: 'reboot', profileIds: [PROFILE_ID], params: {} });
  });

  it("clears one app's data from the Applications list's row, naming the app and the device", async () => {
    const { api, user } = devicePage();
    await user.click(await screen.findByRole('button', { name: 'Clear the data of Chrome' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This device can clear app data.')).toBeInTheDocument();
    // The package is the row's: no field to type it in.
    expect(within(dialog).queryByRole('textbox', { name: /App package/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Clear the data of com.android.chrome on R58N123ABC?')).toBeInTheDocument();
    expect(await sendFrom(user, dialog, api)).toEqual({
      type: 'clear_app_data',
      profileIds: [PROFILE_ID],
      params: { packageName: 'com.android.chrome' },
    });
  });

  it('turns lost mode on with a message and a phone', async () => {
    const { api, user } = devicePage();
    expect(screen.queryByRole('alert')).toBeNull();
    let dialog = await openCommand(user, 'Lost mode…');
    await within(dialog).findByText('This device can enter and leave lost mode.');
    await user.type(within(dialog).getByRole('textbox', { name: /Message shown on the device/ }), 'Found me?');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone/ }), '+44 20 7946 0000');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Put R58N123ABC in lost mode?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Turns lost mode on, showing "Found me?" and phone +44 20 7946 0000.');
    expect(await sendFrom(user, dialog, api)).toEqual({
      type: 'lost_mode',
      profileIds: [PROFILE_ID],
      params: { enabled: true, message: 'Found me?', phone: '+44 20 7946 0000' },
    });
  });

  it('shows a red lost mode banner while on, and turns it off from there', async () => {
    const { api, user } = devicePage(
      preflight(1),
      device({
        lostMode: {
          message: 'Please return to reception',
          phone: '+44 20 7946 0000',
          since: '2026-02-01T09:30:00.000Z',
        },
      }),
    );
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      /Lost mode since 01 Feb 2026, \d\d:30: Please return to reception, \+44 20 7946 0000/,
    );
    await user.click(within(banner).getByRole('button', { name: 'Turn off lost mode' }));
    let dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('This device can enter and leave lost mode.');
    // Nothing to type but the expiry: no message, no phone.
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((t) => t.getAttribute('data-path')),
    ).toEqual(['expiry']);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Turn off lost mode on R58N123ABC?')).toBeInTheDocument();
    expect(await sendFrom(user, dialog, api)).toEqual({
      type: 'lost_mode',
      profileIds: [PROFILE_ID],
      params: { enabled: false },
    });
    // While on, the menu offers to turn it off rather than on.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Commands' }));
    expect(await screen.findByRole('menuitem', { name: 'Turn off lost mode…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Lost mode…' })).toBeNull();
    // The device's history: the Commands page filtered to it.
    expect(screen.getByRole('menuitem', { name: 'Commands it received' })).toHaveAttribute(
      'href',
      `/commands?profileId=${PROFILE_ID}`,
    );
  });
});

describe("A device's page follows its lost mode", () => {
  const LOST = { message: 'Found me?', phone: null, since: '2026-02-01T09:30:00.000Z' };
  const lostModeCommand = (state: 'queued' | 'succeeded', enabled: boolean) =>
    command({ _id: SENT_ID, type: 'lost_mode', params: { enabled }, total: 1, counts: counts({ [state]: 1 }) });

  it('asks for the device every 5 s while a lost mode command is on its way: the banner comes, then goes, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.localStorage.setItem('token', 'tok');
      // What the server says: the device's lost mode, and its lost mode commands (newest first).
      let lostMode: DeviceDetail['lostMode'] = null;
      let sent: Command[] = [];
      const api = mockApi({
        ...shellRoutes,
        [`GET ${API}/profile/detail`]: detailAnswer(profile()),
        [`GET ${API}/profile/device/detail`]: () => deviceAnswer(device({ lostMode })),
        [`POST ${PREFLIGHT}`]: preflight(1),
        [`GET ${COMMANDS}`]: () => ({
          body: { respones_msg: 'OK', data: sent, pagination: { page: 1, limit: 5, total: sent.length } },
        }),
        [`POST ${COMMANDS}`]: (call: RecordedCall) => {
          const { enabled } = (call.body as { params: { enabled: boolean } }).params;
          sent = [lostModeCommand('queued', enabled), ...sent];
          return { body: { respones_msg: 'Command sent', data: sent[0] } };
        },
      });
      const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`, {
        userEvent: { advanceTimers: vi.advanceTimersByTime },
      });
      await screen.findByRole('button', { name: 'Commands' });
      const deviceAsks = () => api.callsTo('GET', `${API}/profile/device/detail`).length;
      // Nothing on its way: the page does not ask again.
      await waitFor(() => expect(api.callsTo('GET', COMMANDS).length).toBeGreaterThan(0));
      let asked = deviceAsks();
      await vi.advanceTimersByTimeAsync(3 * LOST_MODE_POLL_MS);
      expect(deviceAsks()).toBe(asked);
      expect(screen.queryByRole('alert')).toBeNull();

      // Lost mode sent from the menu: queued, so the page asks again until the device has answered.
      await sendLostModeFrom(user, await openCommand(user, 'Lost mode…'));
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      asked = deviceAsks();
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      expect(deviceAsks()).toBeGreaterThan(asked);
      expect(screen.queryByRole('alert')).toBeNull();

      // The device says it succeeded: the banner appears on the next ask, and the asking stops.
      lostMode = LOST;
      sent = [lostModeCommand('succeeded', true)];
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent('Lost mode since');
      expect(banner).toHaveTextContent('Found me?');
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      asked = deviceAsks();
      await vi.advanceTimersByTimeAsync(3 * LOST_MODE_POLL_MS);
      expect(deviceAsks()).toBe(asked);

      // Turned off from the banner: it goes once the device has left lost mode.
      await user.click(within(banner).getByRole('button', { name: 'Turn off lost mode' }));
      await sendLostModeFrom(user, await screen.findByRole('dialog'));
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      expect(screen.getByRole('alert')).toHaveTextContent('Lost mode since');
      lostMode = null;
      sent = [lostModeCommand('succeeded', false), lostModeCommand('succeeded', true)];
      await vi.advanceTimersByTimeAsync(2 * LOST_MODE_POLL_MS);
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows a lost mode sent from the page before it shows in the device commands, and a device that answers at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      window.localStorage.setItem('token', 'tok');
      // After the send: the first ask for the commands finds nothing yet (the fan-out job has not written the
      // device's row), then the command already succeeded: the device answered at once.
      let listAsksSinceSend: number | null = null;
      mockApi({
        ...shellRoutes,
        [`GET ${API}/profile/detail`]: detailAnswer(profile()),
        [`GET ${API}/profile/device/detail`]: () =>
          deviceAnswer(device({ lostMode: listAsksSinceSend && listAsksSinceSend > 1 ? LOST : null })),
        [`POST ${PREFLIGHT}`]: preflight(1),
        [`GET ${COMMANDS}`]: () => {
          if (listAsksSinceSend !== null) listAsksSinceSend += 1;
          const data = listAsksSinceSend && listAsksSinceSend > 1 ? [lostModeCommand('succeeded', true)] : [];
          return { body: { respones_msg: 'OK', data, pagination: { page: 1, limit: 5, total: data.length } } };
        },
        [`POST ${COMMANDS}`]: () => {
          listAsksSinceSend = 0;
          return {
            body: {
              respones_msg: 'Command sent',
              data: { ...lostModeCommand('queued', true), created_at: new Date().toISOString() },
            },
          };
        },
      });
      const { user } = renderApp(`/profile-detail?profile_id=${PROFILE_ID}`, {
        userEvent: { advanceTimers: vi.advanceTimersByTime },
      });
      await sendLostModeFrom(user, await openCommand(user, 'Lost mode…'));
      await vi.advanceTimersByTimeAsync(LOST_MODE_POLL_MS + 100);
      expect(await screen.findByRole('alert')).toHaveTextContent('Found me?');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Devices (/profiles): Send command to the ticked devices', () => {
  const LIST = `${API}/profile/list`;
  const devices = listAnswer([listItem(id(1), 'PD'), listItem(id(2), 'SL'), listItem(id(3), 'UB')]);

  it('chooses the type and its params, shows the preflight in counts, confirms naming the count, sends and opens the command', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${LIST}`]: devices,
      [`GET ${API}/groups`]: { body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 50, total: 0 } } },
      [`POST ${PREFLIGHT}`]: (call: RecordedCall) =>
        (call.body as { type: string }).type === 'reboot'
          ? preflight(1200, [{ reason: 'the app is not device owner', count: 788 }])
          : preflight(2),
      [`POST ${COMMANDS}`]: { body: { respones_msg: 'Command sent', data: command({ _id: SENT_ID, type: 'reboot' }) } },
      [`GET ${COMMANDS}/${SENT_ID}`]: { body: { respones_msg: 'OK', data: command({ _id: SENT_ID, type: 'reboot' }) } },
      [`GET ${COMMANDS}/${SENT_ID}/devices`]: {
        body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 25, total: 0 } },
      },
    });
    const { user } = renderApp('/profiles');
    await screen.findByText('SERIAL-PD');
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-PD' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-UB' }));
    const bar = screen.getByRole('region', { name: 'Chosen devices' });
    await user.click(within(bar).getByRole('button', { name: 'Send command' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send a command to 2 devices')).toBeInTheDocument();

    // Clear app data needs a package: refused at the field, nothing sent.
    await choose(user, 'Command', 'Clear app data', dialog);
    await within(dialog).findByText('All 2 devices can clear app data.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('App package is required')).toBeInTheDocument();

    await choose(user, 'Command', 'Reboot', dialog);
    expect(
      await within(dialog).findByText('788 of 1,200 cannot reboot: the app is not device owner.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('412 of 1,200 devices can be rebooted.')).toBeInTheDocument();
    expect(api.callsTo('POST', PREFLIGHT).at(-1)!.body).toEqual({ type: 'reboot', profileIds: [id(1), id(3)] });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reboot 2 devices?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      '412 of the 1,200 devices get it; the 788 that cannot run it are marked unsupported.',
    );
    expect(api.callsTo('POST', COMMANDS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', COMMANDS)).toHaveLength(1));
    const send = api.callsTo('POST', COMMANDS)[0]!;
    expect(send.body).toEqual({ type: 'reboot', profileIds: [id(1), id(3)], params: {} });
    expect(send.headers['idempotency-key']).toMatch(UUID);
    await waitFor(() => expect(currentLocation()).toBe(`/command-detail?id=${SENT_ID}`));
  });
});
