import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { staffAccountRoutes } from './staff/routes.ts';
import { staffBlogsRoutes } from './blogs/routes.ts';
import { staffContactUsRoutes } from './contact-us/routes.ts';
import { staffFaqRoutes } from './faq/routes.ts';
import { staffNewslettersRoutes } from './newsletters/routes.ts';
import { staffPageViewsRoutes } from './page-views/routes.ts';
import { staffVideosRoutes } from './videos/routes.ts';
import { staffCouponRoutes } from './coupons/routes.ts';
import { staffCurrencyRoutes } from './pricing/currency-routes.ts';
import { staffCustomerPaymentsRoutes } from './customer-payments/seats-routes.ts';
import { staffCustomersRoutes } from './customers/routes.ts';
import { staffDashboardRoutes } from './dashboard/routes.ts';
import { loginAsRoutes } from './login-as/routes.ts';
import { staffAuditLogsRoutes } from './audit-logs/routes.ts';
import { staffBloatwareRoutes } from './bloatware/routes.ts';
import { staffDevicesRoutes } from './devices/routes.ts';
import { staffExportsRoutes } from './exports/routes.ts';
import { staffNotificationsRoutes } from './notifications/routes.ts';
import { staffPowerChatUsersRoutes } from './power-chat-users/routes.ts';
import { staffPaymentDashboardRoutes } from './payment-dashboard/routes.ts';
import { staffCouponsRoutes } from './coupons/lists-routes.ts';
import { staffPaymentErrorsRoutes } from './payment-errors/routes.ts';
import { staffPaymentHistoryRoutes } from './payment-history/routes.ts';
import { staffUpcomingExpireRoutes } from './upcoming-expire/routes.ts';
import { staffApkRoutes } from './pricing/apk-routes.ts';
import { staffPricingRoutes } from './pricing/routes.ts';
import { staffRefundRoutes } from './customer-payments/routes.ts';
import { staffSessionRoutes } from './account/routes.ts';

/**
 * The back office's API (spec 3) under /api/v1/super-admin: the one plugin `app.ts` registers for the wing. Every
 * route is guarded by its area's roles (`guard.ts`). Nothing outside `modules/staff` imports the wing.
 */
export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    for (const area of [
      staffSessionRoutes,
      staffAccountRoutes,
      loginAsRoutes,
      staffDashboardRoutes,
      staffRefundRoutes,
      staffVideosRoutes,
      staffFaqRoutes,
      staffBlogsRoutes,
      staffContactUsRoutes,
      staffNewslettersRoutes,
      staffPageViewsRoutes,
      staffCustomersRoutes,
      staffCustomerPaymentsRoutes,
      staffDevicesRoutes,
      staffNotificationsRoutes,
      staffAuditLogsRoutes,
      staffPowerChatUsersRoutes,
      staffBloatwareRoutes,
      staffExportsRoutes,
      staffPaymentHistoryRoutes,
      staffUpcomingExpireRoutes,
      staffPaymentErrorsRoutes,
      staffCouponsRoutes,
      staffCouponRoutes,
      staffPaymentDashboardRoutes,
      staffPricingRoutes,
      staffCurrencyRoutes,
      staffApkRoutes,
    ]) {
      await app.register(area(ctx));
    }
  };
