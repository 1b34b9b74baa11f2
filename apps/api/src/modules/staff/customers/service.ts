import { FAMILIES, type Family, type MemberRole } from '@fleetdeck/contract';
import { phoneWithCountryCode } from '@fleetdeck/contract/phone';
import type { OfflinePrice, OldPortalUser, StaffCustomer, StaffCustomerMember } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { cappedTotal, cursorTimestamp, decodeCursor, encodeCursor, offsetOfPage } from '../../activity/keyset.ts';
import { licenceSummary, summaryTotals } from '../../licences/service.ts';
import { toCents } from '../../payments/money.ts';
import { inTransaction } from '../../../context.ts';
import { writeAudit } from '../../audit/service.ts';
import { revokeAllSessions } from '../../sessions/service.ts';
import { createOfflineCustomer, sendResetLink, staffUpdateCustomer } from '../../users/service.ts';
import { paymentOf } from '../shared/customers-service.ts';
import * as repo from './repository.ts';

/**
 * The back office's customers and offline sales (spec 3 "Customer list" … "Customer subscriptions"; DECISIONS §5
 * reseller approval, §8 offline sale and subscription edit). Seats move only through modules/licences.
 */

const SORT = 'created_at';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DAY = 86_400_000;

export interface CustomerListInput {
  email?: string | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
  customerSource?: 'All' | 'Offline' | 'Online' | undefined;
  purchasedDevices?: number | undefined;
  countryCode?: string | undefined;
  product?: 'All' | Family | undefined;
  showUnusedLicense?: boolean | undefined;
  resellerStatus?: 'All' | 'Requested' | 'Approved' | undefined;
  page: number;
  limit: number;
  cursor?: string | undefined;
}

/** The filters as the repository takes them: From and To are whole UTC days (To included). */
export function filterOf(q: CustomerListInput): repo.CustomerListFilter {
  const from = q.from_date ? new Date(`${q.from_date}T00:00:00Z`) : undefined;
  const to = q.to_date ? new Date(new Date(`${q.to_date}T00:00:00Z`).getTime() + DAY) : undefined;
  if (from && to && from >= to) {
    throw badRequest('E_VALIDATION', 'to_date: must not be before from_date', {
      errors: [{ field: 'to_date', message: 'must not be before from_date' }],
    });
  }
  return {
    emailPrefix: q.email || undefined,
    from,
    to,
    source: q.customerSource === 'All' ? undefined : q.customerSource,
    purchasedDevices: q.purchasedDevices,
    countryCode: q.countryCode,
    family: q.product === 'All' ? undefined : q.product,
    unused: q.showUnusedLicense === true ? true : undefined,
    reseller: q.resellerStatus === 'All' ? undefined : q.resellerStatus,
  };
}

export const customerRowOf = (r: repo.CustomerListRow): StaffCustomer => ({
  _id: r.id,
  email: r.email,
  name: r.name,
  countryCode: r.countryCode,
  formattedPhoneNumber: phoneWithCountryCode(r.phoneNumber, r.countryCode),
  totalPurchasedDevices: r.purchased,
  totalUsedDevices: r.used,
  totalExpiredDevices: r.expired,
  isOfflineCustomer: r.isOfflineCustomer,
  isResellerModeEnabled: r.resellerModeEnabled,
  isResellerModeRequestApprove: r.resellerModeApproved,
  isDisabled: r.disabled,
  created_at: r.createdAt.toISOString(),
});

function afterOf(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id] = decodeCursor(cursor, SORT, 'desc', 2);
  if (typeof id !== 'string' || !UUID.test(id)) {
    throw new AppError(
      400,
      'E_VALIDATION',
      'cursor: is not a cursor of this list (use nextCursor of the previous page)',
    );
  }
  return { createdAt: cursorTimestamp(createdAt), id };
}

export async function customerList(ctx: AppContext, q: CustomerListInput) {
  const filter = filterOf(q);
  const after = afterOf(q.cursor);
  const [rows, counted, oldPortal] = await Promise.all([
    repo.listCustomers(ctx.db, filter, { limit: q.limit, offset: after ? 0 : offsetOfPage(q.page, q.limit), after }),
    repo.countCustomers(ctx.db, filter),
    repo.listOldPortalUsers(ctx.db, filter.emailPrefix, q.limit),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const oldPortalUsers: OldPortalUser[] = oldPortal.rows.map((u) => ({
    _id: u.id,
    email: u.email,
    name: u.name,
    expiration_date: u.expirationDate?.toISOString() ?? null,
    device_serial_number: u.deviceSerialNumber,
  }));
  return {
    data: page.map(customerRowOf),
    pagination: {
      page: q.page,
      limit: q.limit,
      ...cappedTotal(counted),
      nextCursor:
        rows.length > q.limit && last
          ? encodeCursor({ sort: SORT, order: 'desc', key: [last.createdAtMicros, last.id] })
          : null,
    },
    oldPortalUsers: { data: oldPortalUsers, total: oldPortal.total },
  };
}

/** Every row of the filtered list, in the list's order, 1000 at a time (the CSV export). */
export async function* customerExportRows(ctx: AppContext, q: CustomerListInput) {
  const filter = filterOf(q);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const batch = await repo.listCustomers(ctx.db, filter, { limit: 999, offset: 0, after });
    yield* batch;
    if (batch.length < 1000) return;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAtMicros, id: last.id };
  }
}

// --------------------------------------------------------------------------------------- create, edit, reseller

async function customerRow(ctx: AppContext, customerId: string): Promise<StaffCustomer> {
  const c = await repo.findCustomer(ctx.db, customerId);
  if (!c) throw notFound('Customer not found.');
  const seats = await repo.seatSummaryOf(ctx.db, customerId);
  return customerRowOf({
    id: c.id,
    email: c.email,
    name: c.name,
    countryCode: c.countryCode,
    phoneNumber: c.phoneNumber,
    isOfflineCustomer: c.isOfflineCustomer,
    resellerModeEnabled: c.resellerModeEnabled,
    resellerModeApproved: c.resellerModeApproved,
    disabled: c.disabledAt !== null,
    createdAt: c.createdAt,
    createdAtMicros: '',
    ...seats,
  });
}

export async function createCustomer(
  ctx: AppContext,
  actor: StaffActor,
  input: {
    email: string;
    password?: string | undefined;
    phoneNumber: string;
    name?: string | undefined;
    countryCode?: string | undefined;
  },
) {
  const row = await createOfflineCustomer(ctx, actor, input);
  return customerRow(ctx, row.id);
}

export async function updateCustomer(
  ctx: AppContext,
  actor: StaffActor,
  input: { customerId: string; name: string; password?: string | undefined },
) {
  // DECISIONS §8 (issue 24 M2): a password set by staff would let them sign in as the customer without login-as's
  // limits, so only a SuperAdmin sets one; the other roles send the customer's own reset link.
  if (input.password !== undefined && actor.role !== 'SuperAdmin') {
    throw forbidden(
      "Only a SuperAdmin may set a customer's password. Send the customer a password reset link instead.",
    );
  }
  await staffUpdateCustomer(ctx, actor, input.customerId, { name: input.name, password: input.password });
  return customerRow(ctx, input.customerId);
}

/** "Send password reset link" (DECISIONS §8): the customer's own reset flow, started by staff and audited. */
export async function sendCustomerResetLink(ctx: AppContext, actor: StaffActor, customerId: string) {
  const c = await repo.findCustomer(ctx.db, customerId);
  if (!c) throw notFound('Customer not found.');
  if (c.disabledAt)
    throw new AppError(409, 'E_ACCOUNT_DISABLED', 'This customer account is disabled: enable it first.');
  await sendResetLink(ctx, c.email);
  await writeAudit(ctx.db, {
    customerId,
    email: c.email,
    type: 'User Account',
    subType: 'Reset Link Sent',
    message: 'Password reset link sent by staff',
    actor,
  });
  return c.email;
}

/**
 * Disable or enable a customer (issue 24). Disabling ends every session of the customer (login-as ones included) and
 * revokes their devices' tokens in the same transaction, so nothing of theirs works a moment later.
 */
export async function setCustomerDisabled(ctx: AppContext, actor: StaffActor, customerId: string, disabled: boolean) {
  let revoked: string[] = [];
  await inTransaction(ctx.db, async (tx) => {
    const c = await repo.lockCustomer(tx, customerId);
    if (!c) throw notFound('Customer not found.');
    if ((c.disabledAt !== null) === disabled) return;
    await repo.setCustomerDisabledAt(tx, customerId, disabled ? new Date() : null);
    let message = 'Account enabled by staff';
    if (disabled) {
      await revokeAllSessions(tx, 'customer', customerId, 'account disabled by staff');
      revoked = await repo.revokeDeviceTokens(tx, customerId);
      message = `Account disabled by staff; every session ended, ${revoked.length} device token(s) revoked`;
    }
    await writeAudit(tx, {
      customerId,
      email: c.email,
      type: 'User Account',
      subType: disabled ? 'Account Disabled' : 'Account Enabled',
      message,
      actor,
    });
  });
  // This process forgets the tokens now, so the answer is true at once here; the others drop them on the commit's
  // device_cache notification (a few ms later), as after a device logout.
  for (const id of revoked) ctx.hot.cache.invalidate(id);
  return customerRow(ctx, customerId);
}

export async function customerDetail(ctx: AppContext, q: { customerId: string; page: number; limit: number }) {
  const offset = (q.page - 1) * q.limit;
  const [customerDetail, payments, plans, licences, members, pendingInvites] = await Promise.all([
    customerRow(ctx, q.customerId),
    repo.listCustomerPayments(ctx.db, q.customerId, { limit: q.limit, offset }),
    repo.activePlans(ctx.db),
    licenceSummary(ctx.db, q.customerId),
    repo.customerMembers(ctx.db, q.customerId),
    repo.pendingInviteCount(ctx.db, q.customerId),
  ]);
  const totals = summaryTotals(licences);
  // The product choice in the catalogue's family order, the subscription before the one-time plan.
  const rank = (p: (typeof plans)[number]) => FAMILIES.indexOf(p.family) * 2 + (p.type === 'recurring' ? 0 : 1);
  const prices: OfflinePrice[] = [...plans]
    .sort((a, b) => rank(a) - rank(b))
    .map((p) => ({
      _id: p.id,
      name: p.name,
      identifier: p.identifier,
      family: p.family,
      type: p.type,
      amount: toCents(p.amount) / 100,
    }));
  return {
    customerDetail,
    userSubscriptions: payments.rows.map(paymentOf),
    userSubscriptionsPagination: { page: q.page, limit: q.limit, total: payments.total },
    prices,
    totalPurchasedDevices: totals.purchasedDevices,
    totalEnrolledDevices: totals.enrolledDevices,
    members: members.map((m): StaffCustomerMember => ({
      _id: m.id,
      name: m.name,
      email: m.email,
      role: m.role as MemberRole,
      registrant: m.registrant,
      groupCount: m.group_count,
      lastSignInAt: m.last_sign_in === null ? null : new Date(m.last_sign_in).toISOString(),
    })),
    pendingInvites,
  };
}
