import {
  FAMILIES,
  FAMILY_PLANS,
  type DownloadSdkResponse,
  type Family,
  type Plan,
  type PlanCode,
  type PriceDetailResponse,
  type SavedPaymentMethod,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { familyDownloads } from '../apks/service.ts';
import { seatsPerPlan } from '../licences/service.ts';
import * as repo from './repository.ts';

/** Plans (spec 1 §2 Plans, §3 Plan; DECISIONS §1): the catalogue with the signed-in customer's seats. */

type Seats = { seats: number; expiry: Date | null };

const familyRank = (family: string) => {
  const i = (FAMILIES as readonly string[]).indexOf(family);
  return i === -1 ? FAMILIES.length : i;
};

function toPlan(row: repo.PlanRow, seats: Seats | undefined, sub: repo.SubscriptionRow | undefined): Plan {
  return {
    _id: row.id,
    identifier: row.identifier as PlanCode,
    family: row.family as Family,
    name: row.name,
    description: row.description,
    type: row.type,
    amount: Number(row.amount),
    currency: row.currency,
    interval: row.interval,
    intervalCount: row.intervalCount,
    features: row.features,
    apkLink: row.apkLink,
    status: row.status,
    expiry: seats?.expiry?.toISOString() ?? null,
    totalPurchasedDevices: seats?.seats ?? 0,
    subscriptionDetail:
      row.type === 'recurring' && sub
        ? {
            _id: sub.id,
            priceId: row.identifier as PlanCode,
            family: row.family as Family,
            quantity: sub.quantity,
            status: sub.status,
            currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
            coupon: sub.couponCode,
            paymentMethod: sub.paymentMethod,
          }
        : null,
  };
}

function splitLists(list: Plan[]) {
  const sorted = [...list].sort((a, b) => familyRank(a.family) - familyRank(b.family));
  return {
    recurringPriceList: sorted.filter((p) => p.type === 'recurring'),
    oneTimePriceList: sorted.filter((p) => p.type === 'one_time'),
  };
}

/** `GET payments/plans`: Active plans split by type, each list in family order PD, PDOW, SL, PC, UB, KM, POB, PCHAT. */
export async function customerPlans(ctx: AppContext, customerId: string) {
  const [rows, seats, subs] = await Promise.all([
    repo.activePlans(ctx.db),
    seatsPerPlan(ctx.db, customerId),
    repo.liveSubscriptions(ctx.db, customerId),
  ]);
  return splitLists(
    rows.map((row) =>
      toPlan(
        row,
        seats.get(row.id),
        subs.find((s) => s.planId === row.id),
      ),
    ),
  );
}

/** `GET /api/v1/pricing` (public): the same cards without any customer's seats. */
export async function publicPlans(ctx: AppContext) {
  const rows = await repo.activePlans(ctx.db);
  return splitLists(rows.map((row) => toPlan(row, undefined, undefined)));
}

export const planNotFound = () => new AppError(404, 'E_PLAN_NOT_FOUND', 'This plan does not exist.');

export function toSavedPaymentMethod(
  row: NonNullable<Awaited<ReturnType<typeof repo.defaultPaymentMethod>>>,
): SavedPaymentMethod {
  return {
    id: row.providerPmId,
    type: row.type === 'paypal' ? 'paypal' : 'card',
    card: row.card ?? null,
    paypal: row.paypal ?? null,
    isDefault: row.isDefault,
  };
}

/** `GET payments/price/detail?id=`: id is the plan `_id` or its identifier (any case). */
export async function priceDetail(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<Omit<PriceDetailResponse, 'respones_msg'>> {
  const row = await repo.findPlan(ctx.db, id);
  if (!row) throw planNotFound();
  const [seats, subs, pm, email] = await Promise.all([
    seatsPerPlan(ctx.db, customerId),
    row.type === 'recurring' ? repo.liveSubscriptions(ctx.db, customerId) : Promise.resolve([]),
    repo.defaultPaymentMethod(ctx.db, customerId),
    repo.customerEmail(ctx.db, customerId),
  ]);
  if (email === null) throw notFound('Account not found.');
  return {
    data: toPlan(
      row,
      seats.get(row.id),
      subs.find((s) => s.planId === row.id),
    ),
    defaultPaymentMethodDetail: pm ? toSavedPaymentMethod(pm) : null,
    userDetail: { email },
  };
}

/**
 * Where the APK of a family is downloaded: the `apkLink` of its recurring plan (catalogue.json or APK_BASE_URL,
 * edited by staff in pricing). Empty when the app has no published APK: the console then says "Not published yet"
 * (a link back to the console's own page would send a phone in a circle, to a login).
 */
export async function apkLinkOf(db: DbOrTx, family: Family): Promise<string> {
  const plan = await repo.findPlanByIdentifier(db, FAMILY_PLANS[family].recurring);
  return (plan?.apkLink ?? '').trim();
}

/** The apps of the Download APK modal (spec 1 §2; DECISIONS §14: every family sold) and their field names. */
const SDK_APPS = [
  ['pdPriceDetail', 'PD'],
  ['pdowPriceDetail', 'PDOW'],
  ['slPriceDetail', 'SL'],
  ['pcPriceDetail', 'PC'],
  ['ubPriceDetail', 'UB'],
  ['kmPriceDetail', 'KM'],
  ['pobPriceDetail', 'POB'],
  ['powerChatPriceDetail', 'PCHAT'],
] as const satisfies readonly (readonly [keyof DownloadSdkResponse['data'], Family])[];

/**
 * `GET users/download/sdk`: per app, the APK link, the URL of its QR code (both empty: not published yet) and the
 * hosted file's version, size and SHA-256 (`version`, null for an external link).
 */
export async function downloadSdk(ctx: AppContext): Promise<DownloadSdkResponse['data']> {
  const downloads = await familyDownloads(ctx);
  return Object.fromEntries(
    SDK_APPS.map(([key, family]) => {
      const { apkLink, apkLinkQrCode, version } = downloads[family];
      return [key, { apkLink, apkLinkQrCode, version }];
    }),
  ) as DownloadSdkResponse['data'];
}
