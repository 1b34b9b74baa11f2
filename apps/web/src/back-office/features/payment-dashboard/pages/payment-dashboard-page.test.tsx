import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDashboard } from '@fleetdeck/contract/staff';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderBackOffice, signedInStaff } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const S = '/api/v1/super-admin';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const products = (n: number) => ({
  pdSubscriptions: 5 * n,
  pcSubscriptions: 4 * n,
  ubSubscriptions: 3 * n,
  kmSubscriptions: 2 * n,
  pobSubscriptions: n,
  pChatSubscriptions: 0,
  pdowSubscriptions: 0,
  slSubscriptions: n,
});

const DASHBOARD: PaymentDashboard = {
  reportMonth: 2,
  reportYear: 2025,
  timeZone: 'UTC',
  date: '2026-11-23',
  dashboardStats: {
    todaysPayment: 1234,
    todaysSuccessPayment: 1200,
    todaysFailedPayment: 34,
    todaysHomePageCount: 987,
    todaysPaymentPageCount: 321,
    todaysRevenue: 1299.5,
    todaysRefunded: 89.97,
  },
  revenue: {
    month: { gross: 15000, refunded: 250.25, net: 14749.75 },
    year: { gross: 120345.67, refunded: 1000, net: 119345.67 },
  },
  monthWiseRevenueChart: MONTHS.map((_, i) =>
    i === 2 ? { gross: 15000, refunded: 250.25, net: 14749.75 } : { gross: 100 * i, refunded: 0, net: 100 * i },
  ),
  planWisePieChart: products(10),
  planWisePieChartByMonth: products(1),
  dayWiseBarChart: Array.from({ length: 31 }, (_, i) => ({
    key: `2025-03-${String(i + 1).padStart(2, '0')}`,
    label: String(i + 1),
    count: i,
  })),
  monthWiseBarChart: MONTHS.map((label, key) => ({ key, label, count: key * 10 })),
  monthWisePageViewMultipleBarChart: MONTHS.map((label, key) => ({
    key,
    label,
    homePageCount: key,
    paymentPageCount: 1,
  })),
  topTenCountryWiseCustomer: [
    { _id: 'United Kingdom', count: 40 },
    { _id: 'India', count: 30 },
    { _id: 'Unknown', count: 2 },
  ],
};

const EMPTY: PaymentDashboard = {
  ...DASHBOARD,
  dashboardStats: {
    todaysPayment: 0,
    todaysSuccessPayment: 0,
    todaysFailedPayment: 0,
    todaysHomePageCount: 0,
    todaysPaymentPageCount: 0,
    todaysRevenue: 0,
    todaysRefunded: 0,
  },
  revenue: { month: { gross: 0, refunded: 0, net: 0 }, year: { gross: 0, refunded: 0, net: 0 } },
  monthWiseRevenueChart: MONTHS.map(() => ({ gross: 0, refunded: 0, net: 0 })),
  planWisePieChart: products(0),
  planWisePieChartByMonth: products(0),
  dayWiseBarChart: DASHBOARD.dayWiseBarChart.map((b) => ({ ...b, count: 0 })),
  monthWiseBarChart: DASHBOARD.monthWiseBarChart.map((b) => ({ ...b, count: 0 })),
  monthWisePageViewMultipleBarChart: DASHBOARD.monthWisePageViewMultipleBarChart.map((b) => ({
    ...b,
    homePageCount: 0,
    paymentPageCount: 0,
  })),
  topTenCountryWiseCustomer: [],
};

const signedIn = (dashboard: { status?: number; body: unknown }) => {
  return mockApi({
    ...signedInStaff(),
    [`GET ${S}/payments/dashboard`]: dashboard,
  });
};

const dashboardUrls = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === `${S}/payments/dashboard`);

describe('payment dashboard page (spec 3 "Payment dashboard")', () => {
  it("shows today's five figures, the page-view links, the legends, the top countries, and searches by month", async () => {
    const api = signedIn({ body: { respones_msg: 'Payment dashboard', data: DASHBOARD } });
    const { user } = renderBackOffice('/admin-payment-dashboard?reportMonth=2&reportYear=2025');

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText("Today's Success Payment")).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('34')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Home Page views/ })).toHaveAttribute(
      'href',
      '/admin-page-view-report?pageName=Home',
    );
    expect(screen.getByRole('link', { name: /Payment Page views/ })).toHaveAttribute(
      'href',
      '/admin-page-view-report?pageName=Payment',
    );
    expect(screen.getByText('987')).toBeInTheDocument();

    // The request carries the URL's month and year and the browser's zone.
    const first = dashboardUrls(api)[0]!;
    expect(first.searchParams.get('reportMonth')).toBe('2');
    expect(first.searchParams.get('reportYear')).toBe('2025');
    expect(first.searchParams.get('timeZone')).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Payments by day, March 2025' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payments by month, 2025' })).toBeInTheDocument();
    // Legend counts: the month's pie and the all-time pie; Super Lock shows because it has payments, Owner App not.
    const monthPie = screen
      .getByRole('heading', { name: 'Successful payments by product, March 2025' })
      .closest('.mantine-Card-root')!;
    const monthLegend = within(monthPie as HTMLElement);
    expect(monthLegend.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fleetdeck5',
      'Power Cleaner4',
      'URL Blocker3',
      'Key Mapper2',
      'Power On Boot1',
      'Power Chat0',
      'Super Lock1',
    ]);
    const allTime = within(
      screen
        .getByRole('heading', { name: 'Successful payments by product, all time' })
        .closest('.mantine-Card-root') as HTMLElement,
    );
    expect(allTime.getAllByRole('listitem')[0]!.textContent).toBe('Fleetdeck50');

    const table = screen.getByRole('table', { name: 'Top ten countries by customers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1United Kingdom40', '2India30', '3Not given2']);

    // Month names, then Search puts the choice in the URL and loads it.
    await user.click(screen.getByLabelText('Month', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'July', hidden: true }));
    await user.click(screen.getByLabelText('Year', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2024', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-payment-dashboard?reportMonth=6&reportYear=2024'));
    await waitFor(() => expect(dashboardUrls(api).at(-1)!.searchParams.get('reportMonth')).toBe('6'));
    expect(dashboardUrls(api).at(-1)!.searchParams.get('reportYear')).toBe('2024');
  });

  it('exports a chart as CSV and says "No data to export" when the server has none', async () => {
    const api = signedIn({ body: { respones_msg: 'Payment dashboard', data: DASHBOARD } });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const { user } = renderBackOffice('/admin-payment-dashboard?reportMonth=2&reportYear=2025');
    await user.click(await screen.findByRole('button', { name: 'Export customers by country' }));
    // The mock answers JSON for every call: the export is a 200 download; then the empty case.
    await waitFor(() =>
      expect(dashboardUrls(api).some((u) => u.searchParams.get('exportType') === 'countryWise')).toBe(true),
    );
    const exportCall = dashboardUrls(api).find((u) => u.searchParams.get('exportType') === 'countryWise')!;
    expect(exportCall.searchParams.get('isExportData')).toBe('true');

    api.fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ respones_msg: 'No data to export', code: 'E_NO_DATA' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Export payments by day' }));
    expect(await screen.findByText('No data to export')).toBeInTheDocument();
  });

  it('shows the empty state of each chart', async () => {
    signedIn({ body: { respones_msg: 'Payment dashboard', data: EMPTY } });
    renderBackOffice('/admin-payment-dashboard?reportMonth=2&reportYear=2025');
    expect(await screen.findByText('No payments in March 2025.')).toBeInTheDocument();
    expect(screen.getByText('No successful payments in March 2025.')).toBeInTheDocument();
    expect(screen.getByText('No successful payments yet.')).toBeInTheDocument();
    expect(screen.getByText('No payments in 2025.')).toBeInTheDocument();
    expect(screen.getByText('No revenue in 2025.')).toBeInTheDocument();
    expect(figuresOf('Revenue, Today')).toEqual(['Gross€0.00', 'Refunded€0.00', 'Net€0.00']);
    expect(screen.getByText('No customers yet.')).toBeInTheDocument();
    expect(screen.getByText('No page views in 2025.')).toBeInTheDocument();
  });

  it('shows the error with a retry, and no made-up figures', async () => {
    signedIn({ status: 500, body: { respones_msg: 'Something went wrong on our side.' } });
    renderBackOffice('/admin-payment-dashboard');
    expect(await screen.findByText('The payment dashboard could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Five stat cards and three revenue cards of three lines each.
    expect(screen.getAllByLabelText('not available')).toHaveLength(5 + 9);
  });

  it('shows revenue today, for the month and for the year (gross, refunded, net), loading first', async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = signedIn({ body: { respones_msg: 'Payment dashboard', data: DASHBOARD } });
    const real = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === `${S}/payments/dashboard`
        ? new Promise<Response>((resolve) => (answer = resolve))
        : real(input, init),
    );
    renderBackOffice('/admin-payment-dashboard?reportMonth=2&reportYear=2025');
    const today = await screen.findByRole('region', { name: 'Revenue, Today' });
    expect(within(today).queryByText(/€/)).toBeNull(); // skeletons while loading
    expect(screen.getByRole('region', { name: 'Revenue, March 2025' })).toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ respones_msg: 'Payment dashboard', data: DASHBOARD }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() =>
      expect(figuresOf('Revenue, Today')).toEqual(['Gross€1,299.50', 'Refunded−€89.97', 'Net€1,209.53']),
    );
    expect(figuresOf('Revenue, March 2025')).toEqual(['Gross€15,000.00', 'Refunded−€250.25', 'Net€14,749.75']);
    expect(figuresOf('Revenue, 2025')).toEqual(['Gross€120,345.67', 'Refunded−€1,000.00', 'Net€119,345.67']);
    expect(screen.getByRole('heading', { name: 'Revenue by month, 2025 (EUR)' })).toBeInTheDocument();
  });
});

/** The three lines of a revenue card as "label + amount". */
function figuresOf(card: string) {
  const region = screen.getByRole('region', { name: card });
  return Array.from(region.querySelectorAll('.mantine-Group-root')).map((g) => g.textContent);
}
