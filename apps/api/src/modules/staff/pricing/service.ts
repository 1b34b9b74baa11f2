import type Stripe from 'stripe';
import { FAMILIES, FAMILY_PLANS, type PlanCode } from '@fleetdeck/contract';
import type {
  AppVersionConfig,
  AppVersionUpdateRequest,
  PriceSyncSummary,
  PriceUpdateRequest,
  StaffPrice,
} from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { hostedApkLink } from '../../apks/service.ts';
import { catalogueRows } from '../../catalogue/seed.ts';
import { createStripeClient } from '../../payments/providers/stripe.ts';
import { queueFamilyWake } from '../../policy/wake-family.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { writePricingAudit } from './currency-service.ts';
import { applyAmountChange, prepareAmountChange } from './amount.ts';
import { toConfig } from '../../pricing/app-version.ts';
import * as repo from '../../pricing/repository.ts';

/**
 * Staff pricing (spec 3 "Pricing list", "Pricing edit", §7 `price/*`; DECISIONS §5, §8). Prices are the plans the
 * customer `/plans` page and checkout read straight from the `plans` table (no cache), so an edit reaches customers
 * at once; an Inactive plan is hidden from `/plans` and refused at checkout (`E_PLAN_INACTIVE`).
 */

const priceNotFound = () => new AppError(404, 'E_PLAN_NOT_FOUND', 'This price does not exist.');

export function toStaffPrice(row: repo.PlanRow): StaffPrice {
  return {
    _id: row.id,
    name: row.name,
    identifier: row.identifier,
    priceId: row.providerPriceId ?? row.identifier,
    description: row.description,
    status: row.status,
    apkLink: row.apkLink,
    features: row.features,
    amount: Number(row.amount),
    currency: row.currency,
    interval: row.interval,
    intervalCount: row.intervalCount,
    type: row.type,
    created_at: row.createdAt.toISOString(),
  };
}

export async function priceList(ctx: AppContext) {
  const rank = (family: string) => (FAMILIES as readonly string[]).indexOf(family);
  const rows = (await repo.listPlans(ctx.db)).sort((a, b) => rank(a.family) - rank(b.family)).map(toStaffPrice);
  return {
    recurringPriceList: rows.filter((p) => p.type === 'recurring'),
    oneTimePriceList: rows.filter((p) => p.type === 'one_time'),
  };
}

export async function priceDetail(ctx: AppContext, id: string): Promise<StaffPrice> {
  const row = await repo.findPlanById(ctx.db, id);
  if (!row) throw priceNotFound();
  return toStaffPrice(row);
}

/**
 * `price/update`: name, description, status, APK link and features. The identifier is the plan code payments, seats
 * and device families hang on: it is not editable, and a body naming another code is refused.
 */
export async function updatePrice(ctx: AppContext, actor: StaffActor, input: PriceUpdateRequest): Promise<StaffPrice> {
  // The amount (amount.ts): a Stripe Price is created before the transaction, never inside it.
  const amountChange = await prepareAmountChange(ctx, input.id, input.amount);
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const row = await repo.lockPlan(tx, input.id);
    if (!row) throw priceNotFound();
    if (input.identifier !== row.identifier) {
      throw new AppError(400, 'E_VALIDATION', 'The identifier of a price cannot be changed.', {
        errors: [{ field: 'identifier', message: `must stay ${row.identifier}` }],
      });
    }
    const updated = await repo.updatePlan(tx, row.id, {
      name: input.name,
      description: input.description ?? '',
      status: input.status,
      // Empty: the family's newest uploaded APK, if any (DECISIONS §14: hosted unless an external link is set).
      apkLink: input.apkLink || (await hostedApkLink(tx, ctx.config.publicUrl, row.family)),
      features: input.features,
    });
    await writePricingAudit(tx, actor, 'Price Updated', priceChanges(row, updated));
    if (!amountChange) return toStaffPrice(updated);
    return toStaffPrice(await applyAmountChange(ctx, tx, actor, updated, amountChange, afterCommit));
  });
}

/** "Price Updated" audit message: the price and the fields that changed. */
function priceChanges(before: repo.PlanRow, after: repo.PlanRow): string {
  const changed = (['name', 'description', 'status', 'apkLink'] as const).filter((k) => before[k] !== after[k]);
  if (JSON.stringify(before.features) !== JSON.stringify(after.features)) changed.push('features' as never);
  const status = before.status !== after.status ? ` (${before.status} → ${after.status})` : '';
  return `Price ${after.identifier} updated: ${changed.length ? changed.join(', ') : 'no change'}${status}`;
}

// ------------------------------------------------------------------------------------------------------------ sync

/**
 * `price/sync`.
 * - sandbox: reloads the bundled catalogue. Missing plans are inserted (created); the catalogue owns the amount, so a
 *   plan whose amount differs from the file gets the file's (updated); staff edits of name, description, features,
 *   APK link and status are kept.
 * - stripe: imports Stripe's prices (matched by `metadata.planIdentifier`, the metadata our checkout puts on prices
 *   it creates): Stripe owns the price id, amount and currency (updated when they differ); a plan without a price at
 *   Stripe gets one created there (created), with its product. Staff edits are kept as above.
 */
export async function syncPrices(ctx: AppContext): Promise<PriceSyncSummary> {
  return ctx.config.paymentProvider === 'stripe' ? syncFromStripe(ctx) : syncFromCatalogue(ctx);
}

async function syncFromCatalogue(ctx: AppContext): Promise<PriceSyncSummary> {
  const entries = catalogueRows(ctx.config.productName);
  return inTransaction(ctx.db, async (tx) => {
    const summary: PriceSyncSummary = { provider: 'sandbox', created: 0, updated: 0, unchanged: 0 };
    const existing = new Map((await repo.listPlans(tx)).map((p) => [p.identifier, p]));
    for (const entry of entries) {
      const row = existing.get(entry.identifier);
      if (!row) {
        if (await repo.insertPlan(tx, entry)) summary.created += 1;
        continue;
      }
      if (Number(row.amount) !== Number(entry.amount)) {
        await repo.updatePlan(tx, row.id, { amount: entry.amount });
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }
    return summary;
  });
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

async function stripePricesByPlan(stripe: Stripe): Promise<Map<string, Stripe.Price[]>> {
  const byPlan = new Map<string, Stripe.Price[]>();
  for await (const price of stripe.prices.list({ active: true, limit: 100 })) {
    const identifier = price.metadata?.planIdentifier;
    if (!identifier) continue;
    byPlan.set(identifier, [...(byPlan.get(identifier) ?? []), price]);
  }
  return byPlan;
}

async function syncFromStripe(ctx: AppContext): Promise<PriceSyncSummary> {
  const stripe = createStripeClient(ctx);
  const summary: PriceSyncSummary = { provider: 'stripe', created: 0, updated: 0, unchanged: 0 };
  let byPlan: Map<string, Stripe.Price[]>;
  try {
    byPlan = await stripePricesByPlan(stripe);
  } catch (err) {
    throw providerFailure(ctx, err);
  }
  for (const plan of await repo.listPlans(ctx.db)) {
    const found = byPlan.get(plan.identifier) ?? [];
    const kind = plan.type === 'recurring' ? 'recurring' : 'one_time';
    const match =
      found.find((p) => p.id === plan.providerPriceId) ??
      found.find((p) => p.type === kind && p.currency === plan.currency) ??
      found.find((p) => p.type === kind);
    if (match) {
      const changes: Parameters<typeof repo.updatePlan>[2] = {};
      if (match.id !== plan.providerPriceId) changes.providerPriceId = match.id;
      if (match.unit_amount !== null && match.unit_amount !== toCents(plan.amount)) {
        changes.amount = fromCents(match.unit_amount);
      }
      if (match.currency !== plan.currency) changes.currency = match.currency;
      if (Object.keys(changes).length > 0) {
        await repo.updatePlan(ctx.db, plan.id, changes);
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
      continue;
    }
    const cents = toCents(plan.amount);
    let created: Stripe.Price;
    try {
      created = await stripe.prices.create(
        {
          currency: plan.currency,
          unit_amount: cents,
          ...(plan.type === 'recurring'
            ? {
                recurring: {
                  interval: (['day', 'week', 'month'].includes(plan.interval ?? '')
                    ? plan.interval
                    : 'year') as Stripe.PriceCreateParams.Recurring.Interval,
                  interval_count: plan.intervalCount,
                },
              }
            : {}),
          product_data: { name: plan.name, metadata: { planId: plan.id, planIdentifier: plan.identifier } },
          metadata: { planId: plan.id, planIdentifier: plan.identifier },
        },
        { idempotencyKey: `price-sync:${plan.id}:${plan.currency}:${cents}:${plan.type}` },
      );
    } catch (err) {
      throw providerFailure(ctx, err);
    }
    await repo.updatePlan(ctx.db, plan.id, { providerPriceId: created.id });
    summary.created += 1;
  }
  return summary;
}

function providerFailure(ctx: AppContext, err: unknown): AppError {
  ctx.logger.error({ err }, 'price sync with Stripe failed');
  return new AppError(502, 'E_PROVIDER', 'Stripe could not be reached to sync prices. Please try again in a moment.');
}

// ----------------------------------------------------------------------------------------------------- app version

export async function getAppVersion(ctx: AppContext, planIdentifier: PlanCode): Promise<AppVersionConfig | null> {
  const row = await repo.findAppVersion(ctx.db, planIdentifier);
  return row ? toConfig(row) : null;
}

export async function updateAppVersion(
  ctx: AppContext,
  actor: StaffActor,
  input: AppVersionUpdateRequest,
): Promise<AppVersionConfig> {
  const config = await inTransaction(ctx.db, async (tx) => {
    const row = await repo.upsertAppVersion(tx, {
      planIdentifier: input.planIdentifier,
      minAppVersionCode: Number(input.minAppVersionCode),
      message: input.message ?? '',
      forceUpdate: input.forceUpdate,
    });
    await writePricingAudit(
      tx,
      actor,
      'App Version Updated',
      `App version of ${row.planIdentifier}: min ${row.minAppVersionCode}, force update ${row.forceUpdate ? 'on' : 'off'}`,
    );
    return toConfig(row);
  });
  // This process's policy ETags drop at once (the trigger's `*` notification reaches the others, and this one a moment
  // later: a device asking in between must not get a 304 for the old document).
  ctx.hot.cache.invalidate('*');
  // Devices of the family whose recurring plan this is read it live: wake them as Apply does (their ETag moved).
  const family = FAMILIES.find((f) => FAMILY_PLANS[f].recurring === input.planIdentifier);
  if (family) await queueFamilyWake(ctx, family);
  return config;
}
