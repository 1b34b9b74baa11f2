// @vitest-environment jsdom
// (happy-dom, this project's default, lacks what this file needs: see docs/adr/0011-web-tests-on-happy-dom.md)
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, emptyDashboard, licence, licenceSummaryAnswer } from '@/test/licence-fixtures';
import { mockApi, sampleUser } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// The lazy boundary: recharts does not render in jsdom, so the chart implementations are stand-ins
// that expose the data they were given.
vi.mock('@/shared/components/charts/charts', () => ({
  BarChartImpl: ({ data }: { data: { label: string; value: number }[] }) => (
    <ol data-testid="bar-chart">
      {data.map((d) => (
        <li key={d.label}>{`${d.label}:${d.value}`}</li>
      ))}
    </ol>
  ),
  PieChartImpl: ({ data }: { data: { name: string; value: number }[] }) => (
    <ol data-testid="pie-chart">
      {data.map((d) => (
        <li key={d.name}>{`${d.name}:${d.value}`}</li>
      ))}
    </ol>
  ),
}));

const routes = (dashboard = emptyDashboard()) => ({
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } },
  'GET /api/v1/admin/licences/summary': licenceSummaryAnswer(false),
  'GET /api/v1/admin/dashboard': dashboardAnswer(dashboard),
});

const busyDashboard = () => ({
  ...emptyDashboard(),
  purchasedDevices: 40,
  enrolDevices: 9,
  pChatUsers: 3,
  pdEnrolledDevices: 5,
  pdOWEnrolledDevices: 1,
  pcEnrolledDevices: 2,
  kmEnrolledDevices: 1,
  monthWiseDeviceCount: [0, 2, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0],
  licences: [licence('PCHAT', 4, 3), licence('PD', 30, 5), licence('PC', 1, 2)],
  licenceExceeded: true,
});

describe('Dashboard', () => {
  it('shows purchased and used licences linking to payment history and devices', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes(busyDashboard()));
    renderApp('/dashboard');

    expect(await screen.findByTestId('total-purchased-value')).toHaveTextContent('40');
    const purchased = screen.getByTestId('total-purchased');
    expect(purchased).toHaveTextContent('Total Purchased Licence');
    expect(purchased).toHaveAttribute('href', '/payment-history');

    const used = screen.getByTestId('total-used');
    expect(used).toHaveTextContent('Total Used Licence');
    // 9 devices + 3 chat users.
    expect(within(used).getByTestId('total-used-value')).toHaveTextContent('12');
    expect(used).toHaveAttribute('href', '/profiles');

    expect(screen.getByRole('img', { name: /Login QR code/ })).toHaveAttribute('src', sampleUser.loginQrCodeUrl);
  });

  it('renders the monthly bar chart and the per-app pie with the dashboard numbers', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes(busyDashboard()));
    renderApp('/dashboard');

    const bars = await screen.findByTestId('bar-chart');
    const months = within(bars)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(months).toEqual([
      'Jan:0',
      'Feb:2',
      'Mar:0',
      'Apr:0',
      'May:7',
      'Jun:0',
      'Jul:0',
      'Aug:0',
      'Sep:0',
      'Oct:0',
      'Nov:0',
      'Dec:0',
    ]);

    const pie = await screen.findByTestId('pie-chart');
    const slices = within(pie)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(slices).toEqual([
      'Fleetdeck:5',
      'Fleetdeck Owner App:1',
      'Power Cleaner:2',
      'URL Blocker:0',
      'Key Mapper:1',
      'Power Chat:3',
      'Power On Boot:0',
      'Super Lock:0',
    ]);
    expect(screen.queryByText('No enrolments yet')).not.toBeInTheDocument();

    // Per-family table, in family order, the over-used family flagged.
    const rows = screen.getAllByTestId(/^licence-row-/).map((r) => r.dataset.testid);
    expect(rows).toEqual(['licence-row-PD', 'licence-row-PC', 'licence-row-PCHAT']);
    expect(within(screen.getByTestId('licence-row-PC')).getByText('Exceeded')).toBeInTheDocument();
  });

  it('closes Getting started for good: the dismissal is remembered in this browser', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes());
    const first = renderApp('/dashboard');
    expect(await screen.findByText('Getting started')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Dismiss Getting started' }));
    expect(screen.queryByText('Getting started')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('gettingStartedDismissed')).toBe('true');
    first.unmount();

    renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Jane Cooper')).toBeInTheDocument();
    expect(screen.queryByText('Getting started')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss Getting started' })).not.toBeInTheDocument();
  });

  it('shows empty states instead of charts when nothing is enrolled', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi(routes(emptyDashboard()));
    renderApp('/dashboard');

    expect(await screen.findByText('No enrolments yet')).toBeInTheDocument();
    expect(screen.getByText('No licences in use yet')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-purchased')).getByTestId('total-purchased-value')).toHaveTextContent('0');
    expect(screen.queryByTestId('bar-chart')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pie-chart')).not.toBeInTheDocument();
  });

  it('shows the failure inline with a retry, and keeps the welcome and QR code', async () => {
    window.localStorage.setItem('token', 'tok');
    let fail = true;
    mockApi({
      ...routes(),
      'GET /api/v1/admin/dashboard': () =>
        fail
          ? { status: 500, body: { respones_msg: 'Dashboard is down' } }
          : dashboardAnswer({ ...emptyDashboard(), purchasedDevices: 3 }),
    });
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Dashboard is down', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Jane Cooper')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('total-purchased-value')).toHaveTextContent('3'));
  });
});
