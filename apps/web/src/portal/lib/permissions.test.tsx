import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  detailAnswer,
  listAnswer,
  listItem,
  profile,
  PROFILE_ID,
  shellRoutes,
} from '@/portal/features/profiles/testing/fixtures';
import { detailAs } from '@/test/members';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PLANS = {
  'GET /api/v1/admin/payments/plans': {
    body: { respones_msg: 'OK', data: { recurringPriceList: [], oneTimePriceList: [] } },
  },
};

/** The device page of a member with `role` (shellRoutes' detail replaced by the member's). */
function devicePageAs(role: Parameters<typeof detailAs>[0], tab = 'pin') {
  window.localStorage.setItem('token', 'tok');
  // Never applied: the header then explains what Apply does (to those who have it).
  const device = profile({ appliedAt: null });
  const api = mockApi({ ...shellRoutes, ...detailAs(role), [`GET ${API}/profile/detail`]: detailAnswer(device) });
  return { api, ...renderApp(`/profile-detail?profile_id=${PROFILE_ID}&tab=${tab}`) };
}

describe('Permissions in the console (DECISIONS §12)', () => {
  it('a Viewer sees a profile tab without Save or Apply, and a Commands menu with only the history', async () => {
    const { user } = devicePageAs('Viewer');
    expect(await screen.findByTestId('profile-header')).toBeInTheDocument();
    // The settings read as settings to look at: the field is disabled, not an edit that could never be saved.
    expect(await screen.findByLabelText(/Pin/, { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByText('Apply sends the saved settings to the device.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Commands' }));
    expect(await screen.findByRole('menuitem', { name: 'Commands it received', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Lock…', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Lost mode…', hidden: true })).not.toBeInTheDocument();
  });

  it('a Technician sees Save, Apply and the commands', async () => {
    const { user } = devicePageAs('Technician');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Pin/, { selector: 'input' })).toBeEnabled();
    expect(screen.getByText('Apply sends the saved settings to the device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Commands' }));
    expect(await screen.findByRole('menuitem', { name: 'Lock…', hidden: true })).toBeInTheDocument();
  });

  it('a Viewer cannot tick devices (no Send command); a Technician logs out one device at a time only', async () => {
    window.localStorage.setItem('token', 'tok');
    const rows = listAnswer([listItem(id(1), 'PD'), listItem(id(2), 'UB')]);
    mockApi({ ...shellRoutes, ...detailAs('Viewer'), [`GET ${API}/profile/list`]: rows });
    const viewer = renderApp('/profiles');
    await screen.findByText('SERIAL-PD');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Send command' })).not.toBeInTheDocument();
    viewer.unmount();

    mockApi({ ...shellRoutes, ...detailAs('Technician'), [`GET ${API}/profile/list`]: rows });
    const { user } = renderApp('/profiles');
    await screen.findByText('SERIAL-PD');
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-PD' }));
    const bar = await screen.findByRole('region', { name: 'Chosen devices' });
    expect(within(bar).getByRole('button', { name: 'Send command' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select SERIAL-UB' }));
    expect(bar).toHaveTextContent('2 devices chosen');
    expect(within(bar).getByRole('button', { name: 'Move to group' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('a Billing member is sent from the devices page to the plans, and sees no fleet pages in the sidebar', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, ...detailAs('Billing'), ...PLANS });
    renderApp('/profiles');
    await waitFor(() => expect(currentLocation()).toBe('/plans'));
    expect(api.callsTo('GET', `${API}/profile/list`)).toHaveLength(0);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /Devices/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();
    // The licence banner asks for fleet data: not for a Billing member.
    expect(api.callsTo('GET', `${API}/licences/summary`)).toHaveLength(0);
  });

  it('a Viewer opening a billing page lands on the dashboard', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, ...detailAs('Viewer') });
    renderApp('/payment-methods');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: /Buy Plan/ })).not.toBeInTheDocument();
  });
});
