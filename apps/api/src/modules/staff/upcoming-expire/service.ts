import type { UpcomingExpireSearch } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { offsetOfPage } from '../../activity/keyset.ts';
import { DAY_MS, keysetPage, optionalText, paymentCursor, toPaymentRows } from '../shared/payments-service.ts';
import * as repo from './repository.ts';

/** Spec 3 "Upcoming-expiry payments": the next 30 days. */
export const UPCOMING_DAYS = 30;

const EXPIRY_SORT = 'expiryAt';

export async function upcomingExpire(ctx: AppContext, q: UpcomingExpireSearch) {
  const after = paymentCursor(q.cursor, EXPIRY_SORT, 'asc');
  const now = new Date();
  const { rows, counted } = await repo.listUpcomingExpiry(
    ctx.db,
    {
      now,
      until: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS),
      isOfflinePayment: q.isOfflinePayment,
      email: optionalText(q.email)?.toLowerCase(),
    },
    { limit: q.limit, offset: after ? 0 : offsetOfPage(q.page, q.limit), after },
  );
  const { page, pagination } = keysetPage(rows, counted, q, EXPIRY_SORT, 'asc', (r) => r.id);
  return { data: await toPaymentRows(ctx, page), pagination };
}
