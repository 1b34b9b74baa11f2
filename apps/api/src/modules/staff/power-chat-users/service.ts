import type { PowerChatUserRow } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { type Paging, keysetAnswer, pageOf, timeKey } from '../shared/lists-service.ts';
import * as repo from './repository.ts';

// ---------------------------------------------------------------------------------------------- Power Chat users

export async function powerChatUsers(
  ctx: AppContext,
  q: Paging & { from_date?: string | undefined; to_date?: string | undefined; company?: string | undefined },
) {
  const after = timeKey(q);
  const f = { from: q.from_date, to: q.to_date, company: q.company };
  const [rows, counted] = await Promise.all([
    repo.listChatUsers(ctx.db, f, { ...pageOf(q, after), ...(after ? { after } : {}) }),
    repo.countChatUsers(ctx.db, f),
  ]);
  return keysetAnswer(
    q,
    rows,
    counted,
    (r): PowerChatUserRow => ({
      _id: r.id,
      fcmID: r.userId,
      fcmData: { name: r.name, company: r.customerName || r.email },
      userId: { _id: r.customerId, email: r.email },
      created_at: r.createdAt.toISOString(),
    }),
    (r) => [r.createdAtMicros, r.id],
  );
}
