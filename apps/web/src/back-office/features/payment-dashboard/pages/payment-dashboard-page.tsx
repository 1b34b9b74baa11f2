import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
  type MantineColor,
} from '@mantine/core';
import {
  IconCash,
  IconCircleCheck,
  IconCircleX,
  IconCreditCard,
  IconHome,
  IconSearch,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  REPORT_YEAR_MAX,
  REPORT_YEAR_MIN,
  type PaymentDashboard,
  type PaymentDashboardExport,
  type ProductCounts,
} from '@fleetdeck/contract/staff';
import { LazyBarChart, LazyMultiBarChart, LazyPieChart, preloadCharts } from '@/shared/components/charts';
import { staffPaths } from '@/back-office/app/paths';
import { LoadError } from '@/shared/components/load-error';
import { useProductName } from '@/shared/lib/app-config';
import { browserTimeZone } from '../../../api/login-counts';
import { exportPaymentDashboard, usePaymentDashboard, type PaymentDashboardFilters } from '../api/payment-dashboard';
import { ExportButton } from '../components/export-button';
import { ProductLegend, productsOf, type Product } from '../components/product-legend';
import { RevenueCards } from '../components/revenue-cards';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_OPTIONS = MONTH_NAMES.map((label, i) => ({ value: String(i), label }));
const YEAR_OPTIONS = Array.from({ length: REPORT_YEAR_MAX - REPORT_YEAR_MIN + 1 }, (_, i) => {
  const year = String(REPORT_YEAR_MIN + i);
  return { value: year, label: year };
});
const STATUS_OPTIONS = [
  { value: 'all', label: 'All payments' },
  { value: 'false', label: 'Success' },
  { value: 'true', label: 'Failed' },
];

/** The page-view report, filtered to one page (spec 3 §2 "admin-page-view-report"). */
const pageViewReportHref = (page: 'Home' | 'Payment') => staffPaths.pageViewReport.getHref(page);

/** Today's month and year in the browser's zone (the defaults of spec 3). */
function currentMonthYear(): { month: number; year: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: browserTimeZone(),
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  return { month: (month ?? 1) - 1, year: year ?? new Date().getFullYear() };
}

function filtersOf(params: URLSearchParams): PaymentDashboardFilters {
  const now = currentMonthYear();
  const month = Number(params.get('reportMonth'));
  const year = Number(params.get('reportYear'));
  const hasError = params.get('hasError');
  return {
    reportMonth: params.has('reportMonth') && Number.isInteger(month) && month >= 0 && month <= 11 ? month : now.month,
    reportYear:
      params.has('reportYear') && Number.isInteger(year) && year >= REPORT_YEAR_MIN && year <= REPORT_YEAR_MAX
        ? year
        : now.year,
    hasError: hasError === 'true' || hasError === 'false' ? hasError : undefined,
  };
}

/** The API names countries (DECISIONS §14: "United Kingdom"), or "Unknown" for customers who gave none. */
const countryLabel = (id: string) => (id === 'Unknown' ? 'Not given' : id);

const total = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
const sumProducts = (c: ProductCounts) => Object.values(c).reduce((n, v) => n + v, 0);

function StatCard({
  label,
  value,
  icon: IconComponent,
  color,
  to,
}: {
  label: string;
  /** undefined: loading; null: could not load. */
  value: number | null | undefined;
  icon: Icon;
  color: MantineColor;
  to?: string;
}) {
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h={30} w={64} />
        ) : value === null ? (
          <Text fz={26} fw={800} lh={1.2} c="dimmed" aria-label="not available">
            —
          </Text>
        ) : (
          <Text fz={26} fw={800} lh={1.2}>
            {value.toLocaleString('en-GB')}
          </Text>
        )}
      </Stack>
      <IconComponent size={30} stroke={1.4} color={`var(--mantine-color-${color}-6)`} aria-hidden />
    </Group>
  );
  return to ? (
    <Card withBorder radius="lg" p="md" component={Link} to={to}>
      {body}
      {/* Named by what it shows, then where it goes: a spoken or typed name must hold the visible text. */}
      <VisuallyHidden>: open the page-view report</VisuallyHidden>
    </Card>
  ) : (
    <Card withBorder radius="lg" p="md">
      {body}
    </Card>
  );
}

function ChartCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz={16}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py={60}>
      {children}
    </Text>
  );
}

function ProductPie({ products, counts, empty }: { products: Product[]; counts: ProductCounts; empty: string }) {
  if (sumProducts(counts) === 0) return <Empty>{empty}</Empty>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <LazyPieChart data={products.map((p) => ({ name: p.name, value: counts[p.key], color: p.color }))} />
      <ProductLegend products={products} counts={counts} />
    </SimpleGrid>
  );
}

function Charts({
  data,
  filters,
  products,
}: {
  data: PaymentDashboard;
  filters: PaymentDashboardFilters;
  products: Product[];
}) {
  const period = `${MONTH_NAMES[data.reportMonth]} ${data.reportYear}`;
  const exportOf = (type: PaymentDashboardExport) => () => exportPaymentDashboard(filters, type);
  const pageViews = data.monthWisePageViewMultipleBarChart;
  const hasViews = pageViews.some((b) => b.homePageCount + b.paymentPageCount > 0);
  return (
    <>
      <ChartCard
        title={`Payments by day, ${period}`}
        action={<ExportButton label="Export payments by day" onExport={exportOf('dayWise')} />}
      >
        {total(data.dayWiseBarChart) === 0 ? (
          <Empty>No payments in {period}.</Empty>
        ) : (
          <LazyBarChart
            data={data.dayWiseBarChart.map((b) => ({ label: b.label, value: b.count }))}
            seriesLabel="Payments"
          />
        )}
      </ChartCard>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={`Successful payments by product, ${period}`}>
          <ProductPie
            products={products}
            counts={data.planWisePieChartByMonth}
            empty={`No successful payments in ${period}.`}
          />
        </ChartCard>
        <ChartCard title="Successful payments by product, all time">
          <ProductPie products={products} counts={data.planWisePieChart} empty="No successful payments yet." />
        </ChartCard>
      </SimpleGrid>

      <ChartCard
        title={`Payments by month, ${data.reportYear}`}
        action={<ExportButton label="Export payments by month" onExport={exportOf('monthWise')} />}
      >
        {total(data.monthWiseBarChart) === 0 ? (
          <Empty>No payments in {data.reportYear}.</Empty>
        ) : (
          <LazyBarChart
            data={data.monthWiseBarChart.map((b) => ({ label: b.label, value: b.count }))}
            seriesLabel="Payments"
          />
        )}
      </ChartCard>

      <ChartCard title={`Revenue by month, ${data.reportYear} (EUR)`}>
        {data.monthWiseRevenueChart.every((m) => m.gross === 0 && m.refunded === 0) ? (
          <Empty>No revenue in {data.reportYear}.</Empty>
        ) : (
          <LazyMultiBarChart
            data={data.monthWiseRevenueChart.map((m, month) => ({
              label: data.monthWiseBarChart[month]?.label ?? String(month + 1),
              Gross: m.gross,
              Refunded: m.refunded,
              Net: m.net,
            }))}
            series={[
              { name: 'Gross', label: 'Gross', color: 'blue.6' },
              { name: 'Refunded', label: 'Refunded', color: 'red.6' },
              { name: 'Net', label: 'Net', color: 'teal.6' },
            ]}
          />
        )}
      </ChartCard>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard
          title="Top ten countries by customers"
          action={<ExportButton label="Export customers by country" onExport={exportOf('countryWise')} />}
        >
          {data.topTenCountryWiseCustomer.length === 0 ? (
            <Empty>No customers yet.</Empty>
          ) : (
            <Table striped withTableBorder verticalSpacing="xs" aria-label="Top ten countries by customers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th ta="right">Customers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.topTenCountryWiseCustomer.map((c, i) => (
                  <Table.Tr key={c._id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{countryLabel(c._id)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {c.count.toLocaleString('en-GB')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ChartCard>
        <ChartCard title={`Page views by month, ${data.reportYear}`}>
          {hasViews ? (
            <LazyMultiBarChart
              data={pageViews.map((b) => ({ label: b.label, Home: b.homePageCount, Payment: b.paymentPageCount }))}
              series={[
                { name: 'Home', label: 'Home page', color: 'blue.6' },
                { name: 'Payment', label: 'Payment page', color: 'teal.6' },
              ]}
            />
          ) : (
            <Empty>No page views in {data.reportYear}.</Empty>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            A view is one visitor on one page on one day (UTC).
          </Text>
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

/**
 * Spec 3 "Payment dashboard": month and year (Search puts them in the URL), today's five figures (the page-view cards
 * open the page-view report), payments by day and by month with Export, the product pies of the month and of all
 * time with legend counts, the top ten countries by customers with Export, and page views by month.
 */
export function PaymentDashboardPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [month, setMonth] = useState(String(filters.reportMonth));
  const [year, setYear] = useState(String(filters.reportYear));
  const [status, setStatus] = useState<string>(filters.hasError ?? 'all');
  const query = usePaymentDashboard(filters);
  const products = productsOf(useProductName());
  useEffect(preloadCharts, []);

  // Search reloads the page with the query (spec 3), so the URL can be shared and Back returns to it.
  const search = () =>
    setParams({ reportMonth: month, reportYear: year, ...(status === 'all' ? {} : { hasError: status }) });

  const stats = query.data?.dashboardStats;
  const failed = query.isError && !query.data;
  const shownMonth = query.data?.reportMonth ?? filters.reportMonth;
  const shownYear = query.data?.reportYear ?? filters.reportYear;
  const revenueToday = failed
    ? null
    : stats && {
        gross: stats.todaysRevenue,
        refunded: stats.todaysRefunded,
        net: Math.round((stats.todaysRevenue - stats.todaysRefunded) * 100) / 100,
      };
  const cards = [
    { label: "Today's Payment", value: stats?.todaysPayment, icon: IconCash, color: 'blue' },
    { label: "Today's Success Payment", value: stats?.todaysSuccessPayment, icon: IconCircleCheck, color: 'green' },
    { label: "Today's Failed Payment", value: stats?.todaysFailedPayment, icon: IconCircleX, color: 'red' },
    {
      label: 'Home Page views',
      value: stats?.todaysHomePageCount,
      icon: IconHome,
      color: 'indigo',
      to: pageViewReportHref('Home'),
    },
    {
      label: 'Payment Page views',
      value: stats?.todaysPaymentPageCount,
      icon: IconCreditCard,
      color: 'teal',
      to: pageViewReportHref('Payment'),
    },
  ];

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Month"
          data={MONTH_OPTIONS}
          value={month}
          onChange={(v) => setMonth(v ?? month)}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Year"
          data={YEAR_OPTIONS}
          value={year}
          onChange={(v) => setYear(v ?? year)}
          allowDeselect={false}
          w={{ base: '100%', xs: 120 }}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(v) => setStatus(v ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
        <Button leftSection={<IconSearch size={16} />} onClick={search}>
          Search
        </Button>
        {query.data ? (
          <Text size="xs" c="dimmed" ml={{ base: 0, sm: 'auto' }}>
            Days and months in {query.data.timeZone}; today is {query.data.date}
          </Text>
        ) : null}
      </Group>

      {query.isError ? (
        <LoadError
          title="The payment dashboard could not load"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}

      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="md">
        {cards.map((c) => (
          <StatCard key={c.label} {...c} value={failed ? null : c.value} />
        ))}
      </SimpleGrid>

      <RevenueCards
        periods={[
          { title: 'Today', figures: revenueToday },
          { title: `${MONTH_NAMES[shownMonth]} ${shownYear}`, figures: failed ? null : query.data?.revenue.month },
          { title: String(shownYear), figures: failed ? null : query.data?.revenue.year },
        ]}
      />

      {query.data ? (
        <Charts data={query.data} filters={filters} products={products} />
      ) : query.isError ? null : (
        <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the payment dashboard">
          <Skeleton h={300} radius="lg" />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Skeleton h={300} radius="lg" />
            <Skeleton h={300} radius="lg" />
          </SimpleGrid>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Payments count on the day they were made, with their status now; the product pies count Success payments.
        Revenue counts a payment on the day it succeeded and a refund on the day it was made.{' '}
        <Anchor component={Link} to={pageViewReportHref('Home')} size="xs" underline="always">
          Page-view report
        </Anchor>
      </Text>
    </Stack>
  );
}
