import type { PaymentErrorRow, PaymentErrorsSearch } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { cursorId, cursorTimestamp, decodeCursor, offsetOfPage } from '../../activity/keyset.ts';
import { dayRange, keysetPage, optionalText } from '../shared/payments-service.ts';
import * as repo from './repository.ts';

const ERRORS_SORT = 'created_at';

export async function paymentErrors(ctx: AppContext, q: PaymentErrorsSearch) {
  const { from, to } = dayRange(q.from_date, q.to_date);
  const after = q.cursor
    ? (() => {
        const [at, id] = decodeCursor(q.cursor, ERRORS_SORT, 'desc', 2);
        return { at: cursorTimestamp(at), id: cursorId(id) };
      })()
    : undefined;
  const { rows, counted } = await repo.listPaymentErrors(
    ctx.db,
    { from, to, email: optionalText(q.email)?.toLowerCase() },
    { limit: q.limit, offset: after ? 0 : offsetOfPage(q.page, q.limit), after },
  );
  const { page, pagination } = keysetPage(rows, counted, q, ERRORS_SORT, 'desc', (r) => r.id);
  const data: PaymentErrorRow[] = page.map((r) => ({
    _id: String(r.id),
    email: r.email,
    message: r.message,
    code: r.code,
    reqBody: r.reqBody,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, pagination };
}
