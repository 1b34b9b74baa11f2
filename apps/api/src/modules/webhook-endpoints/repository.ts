import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

/** SQL of webhook endpoints and their deliveries (DECISIONS §13). Customer calls are scoped by the account here. */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type NewEndpoint = typeof webhookEndpoints.$inferInsert;

/** The account's lock over its endpoints (the limit's count), until the transaction ends. */
export async function lockAccountEndpoints(tx: DbOrTx, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${customerId}`}, 0))`);
}

export async function countEndpoints(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.customerId, customerId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbOrTx, values: NewEndpoint) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listEndpoints(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.customerId, customerId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** One endpoint of the account (none when it is another account's); `lock` takes its row lock. */
export async function findEndpoint(db: DbOrTx, customerId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.customerId, customerId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateEndpoint(db: DbOrTx, customerId: string, id: string, values: Partial<NewEndpoint>) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.customerId, customerId)))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: DbOrTx, customerId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.customerId, customerId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** An event to write: one delivery per enabled endpoint of its account subscribed to its type. */
export interface EventRow {
  customerId: string;
  eventId: string;
  type: string;
  payload: unknown;
}

/**
 * One statement for a batch of events: a delivery row per (event, enabled endpoint of the event's account subscribed
 * to its type), due now. With no endpoint in the accounts it is one index probe and writes nothing. Answers the ids.
 */
export async function insertDeliveries(db: DbOrTx, events: readonly EventRow[]): Promise<string[]> {
  if (events.length === 0) return [];
  const res = await db.execute<{ id: string }>(sql`
    insert into webhook_deliveries (endpoint_id, customer_id, event_id, event_type, payload, next_retry_at)
    select e.id, v.customer_id, v.event_id, v.type, v.payload, now()
    from unnest(${sql.param(events.map((e) => e.customerId))}::uuid[], ${sql.param(events.map((e) => e.eventId))}::text[],
      ${sql.param(events.map((e) => e.type))}::text[],
      ${sql.param(events.map((e) => JSON.stringify(e.payload)))}::jsonb[]) as v(customer_id, event_id, type, payload)
    join webhook_endpoints e on e.customer_id = v.customer_id and e.enabled and v.type = any(e.events)
    returning id`);
  return res.rows.map((r) => r.id);
}

/** A delivery of one endpoint (the `webhook.test` event), due now. */
export async function insertDelivery(db: DbOrTx, endpoint: EndpointRow, event: Omit<EventRow, 'customerId'>) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      customerId: endpoint.customerId,
      eventId: event.eventId,
      eventType: event.type,
      payload: event.payload,
      nextRetryAt: sql`now()`,
    })
    .returning();
  return row!;
}

/** The endpoint's delivery log, newest first, with its total. */
export async function listDeliveries(
  db: DbOrTx,
  customerId: string,
  endpointId: string,
  q: { state?: DeliveryRow['state']; page: number; limit: number },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.customerId, customerId),
    q.state ? eq(webhookDeliveries.state, q.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Makes a delivery of the account's endpoint due now with a fresh round of tries (failed, succeeded or still pending),
 * in the fresh lane of the dispatcher. Null when it is not the account's.
 */
export async function retryNow(db: DbOrTx, customerId: string, endpointId: string, deliveryId: string) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      state: 'pending',
      attempts: 0,
      nextRetryAt: sql`now()`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.customerId, customerId),
      ),
    )
    .returning();
  return row ?? null;
}

// ------------------------------------------------------------------------------------------- the dispatcher

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  customerId: string;
  eventId: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: { iv: string; encryptedData: string };
  enabled: boolean;
}

/**
 * Claims up to `limit` due pending deliveries (fresh ones: never tried; retries: tried before), moving their
 * `next_retry_at` to `leaseSeconds` ahead so no other worker sends them meanwhile (a crash: sent again after the
 * lease). FOR UPDATE SKIP LOCKED: workers never wait on each other's rows.
 */
export async function claimDue(
  db: DbOrTx,
  which: 'fresh' | 'retries',
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const attempts = which === 'fresh' ? sql`d.attempts = 0` : sql`d.attempts > 0`;
  const res = await db.execute<{
    id: string;
    endpoint_id: string;
    customer_id: string;
    event_id: string;
    payload: unknown;
    attempts: number;
    url: string;
    secret: { iv: string; encryptedData: string };
    enabled: boolean;
  }>(sql`
    with due as (
      select d.id from webhook_deliveries d
      where d.state = 'pending' and d.next_retry_at <= now() and ${attempts}
      order by d.next_retry_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update webhook_deliveries d set next_retry_at = now() + make_interval(secs => ${leaseSeconds})
      from due where d.id = due.id
      returning d.id, d.endpoint_id, d.customer_id, d.event_id, d.payload, d.attempts
    )
    select c.*, e.url, e.secret, e.enabled
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id`);
  return res.rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    customerId: r.customer_id,
    eventId: r.event_id,
    payload: r.payload,
    attempts: r.attempts,
    url: r.url,
    secret: r.secret,
    enabled: r.enabled,
  }));
}

/** The outcome of one try. `nextRetrySeconds` null: no further try (succeeded, or failed for good). */
export interface Outcome {
  id: string;
  state: DeliveryRow['state'];
  status: number | null;
  response: string;
  nextRetrySeconds: number | null;
}

/** Records a batch of outcomes in one statement. */
export async function recordOutcomes(db: DbOrTx, outcomes: readonly Outcome[]) {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries d set
      state = o.state, attempts = d.attempts + 1, last_status = o.status, last_response = o.response,
      last_attempt_at = now(),
      next_retry_at = case when o.retry_in is null then null else now() + make_interval(secs => o.retry_in) end
    from unnest(${sql.param(outcomes.map((o) => o.id))}::uuid[], ${sql.param(outcomes.map((o) => o.state))}::text[],
      ${sql.param(outcomes.map((o) => o.status))}::int[], ${sql.param(outcomes.map((o) => o.response))}::text[],
      ${sql.param(outcomes.map((o) => o.nextRetrySeconds))}::float8[]) as o(id, state, status, response, retry_in)
    where d.id = o.id`);
}

/**
 * Endpoints that answered 2xx: no longer failing. `last_success_at` to the second: a busy endpoint's row is not
 * rewritten (and locked) by every batch.
 */
export async function markEndpointsSucceeded(db: DbOrTx, endpointIds: readonly string[]) {
  if (endpointIds.length === 0) return;
  await db.execute(sql`
    update webhook_endpoints set last_success_at = now(), failing_since = null
    where id = any(${sql.param([...endpointIds])}::uuid[])
      and (failing_since is not null or last_success_at is null or last_success_at < now() - interval '1 second')`);
}

/** Endpoints that failed: failing since now unless already failing. */
export async function markEndpointsFailing(db: DbOrTx, endpointIds: readonly string[]) {
  if (endpointIds.length === 0) return;
  await db.execute(sql`
    update webhook_endpoints set failing_since = now()
    where id = any(${sql.param([...endpointIds])}::uuid[]) and failing_since is null`);
}

/**
 * Disables the enabled endpoints among `endpointIds` failing for `days` days or more, with the reason in words;
 * answers those disabled (each once: the update is its own guard).
 */
export async function disableLongFailing(db: DbOrTx, endpointIds: readonly string[], days: number) {
  if (endpointIds.length === 0) return [];
  const res = await db.execute<{ id: string; customer_id: string; url: string; failing_since: string }>(sql`
    update webhook_endpoints set enabled = false,
      disabled_reason = 'Failing since ' || to_char(failing_since at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
        || ': disabled after ' || ${days}::int || ' days without a successful delivery'
    where id = any(${sql.param([...endpointIds])}::uuid[]) and enabled
      and failing_since <= now() - make_interval(days => ${days}::int)
    returning id, customer_id, url, failing_since`);
  return res.rows;
}

/** Pending deliveries of a disabled or deleted endpoint are not sent: marked failed. */
export async function failDeliveries(db: DbOrTx, ids: readonly string[], reason: string) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries set state = 'failed', next_retry_at = null, last_response = ${reason},
      last_attempt_at = now()
    where id = any(${sql.param([...ids])}::uuid[])`);
}
