import type { ComponentType } from 'react';
import {
  IconAddressBook,
  IconAppsOff,
  IconArticle,
  IconBell,
  IconCalendarDue,
  IconChartPie,
  IconCreditCardOff,
  IconCurrencyEuro,
  IconDeviceMobile,
  IconFileExport,
  IconHelpCircle,
  IconLayoutDashboard,
  IconListDetails,
  IconMail,
  IconMessage,
  IconMessageCircle,
  IconReceipt,
  IconShieldCheck,
  IconTicket,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import type { backOfficeRoutes } from '@/back-office/app/routes';

type RouteKey = (typeof backOfficeRoutes)[number]['key'];

/**
 * The sidebar's icons, by route key. They live here, in the signed-in layout's chunk, rather than in the route table,
 * which the staff login page loads: two dozen icons were 5 KB of its 150 KB budget.
 */
export const NAV_ICONS: Partial<Record<RouteKey, ComponentType<{ size?: number; stroke?: number }>>> = {
  dashboard: IconLayoutDashboard,
  dashboardHistory: IconListDetails,
  paymentDashboard: IconChartPie,
  staff: IconUsersGroup,
  blogList: IconArticle,
  videos: IconVideo,
  faq: IconHelpCircle,
  contactUs: IconMessage,
  newsletters: IconMail,
  customerList: IconAddressBook,
  devices: IconDeviceMobile,
  customNotifications: IconBell,
  auditLogs: IconShieldCheck,
  powerChatUsers: IconMessageCircle,
  bloatwareApps: IconAppsOff,
  exportsList: IconFileExport,
  paymentHistory: IconReceipt,
  paymentErrors: IconCreditCardOff,
  upcomingExpire: IconCalendarDue,
  coupons: IconTicket,
  pricingList: IconCurrencyEuro,
};
