import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chatApi,
  commandsApi,
  fleetApi,
  paymentsApi,
  sandboxApi,
  teamApi,
  apiKeysApi,
  webhookEndpointsApi,
  type ProfileApplication,
  type ProfileDetail,
} from '@fleetdeck/contract';
import { eq } from 'drizzle-orm';
import { commandDevices, deviceMessages, devices, paymentRefunds, payments, webhookDeliveries } from './db/schema.ts';
import { fanOutCommand } from './modules/commands/jobs.ts';
import { issueCreditNote, issueInvoice } from './modules/invoices/service.ts';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';
import { call } from '../test/support/call.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../test/support/helpers.ts';
import { buy } from '../test/support/ledger.ts';
import { card, solvedCaptcha } from '../test/support/payments.ts';
import { newMember, uploadExport } from '../test/support/factory.ts';
import { api, dataOf, fleetOwner, reportInventory } from '../test/support/profiles.ts';
import { startReceiver, type Receiver } from '../test/support/webhook-receiver.ts';
import {
  apiOperations,
  concrete,
  encodeQuery,
  fillTemplate,
  openApiDocument,
  sample,
  type ApiOperation,
  type JsonSchema,
} from '../test/support/openapi.ts';

/**
 * Issue 12, Prove 2: a cross-tenant matrix generated from the OpenAPI document. Every customer-realm and device-realm
 * operation with an input that names a row (path, query or body: a uuid, a field named `…id`/`…Id`, a payment
 * method, a serial number) is called by customer B (B's session, B's device token) with customer A's value, once with
 * every such input set to A's and once per input with the others B's own. Each answer must be 403 or 404, carry none
 * of A's data, and A's rows must be unchanged afterwards. A new operation is covered as soon as it is in the document;
 * an id-taking input without a fixture below fails the test by name.
 */

let rt: TestRuntime;

/** The rows of one customer that B's calls point at. */
interface World {
  id: string;
  apiKeyId: string;
  email: string;
  token: string;
  deviceAuth: string;
  serialNumber: string;
  deviceName: string;
  profileId: string;
  /** A Fleetdeck (PD) profile: exports restore onto those only. */
  pdProfileId: string;
  keyMapperId: string;
  profileAppId: string;
  exportId: string;
  exportName: string;
  chatUserId: string;
  chatUserName: string;
  chatQrFile: string;
  messageId: string;
  pmId: string;
  clientSecret: string;
  paymentId: string;
  creditNoteId: string;
  /** Fleet operations (DECISIONS §10): a template of the PD profile, a PD group with it holding that device. */
  templateId: string;
  groupId: string;
  pdProfileIds: string[];
  /** A cancelled rollout to that group, and a bulk logout of a spare device. */
  rolloutId: string;
  bulkActionId: string;
  /** A remote command to the device (DECISIONS §11), and the message id its ledger row and result go by. */
  commandId: string;
  commandMessageId: string;
  /** The team (DECISIONS §12): a member of the account, a pending invite, and the group list a member is limited to. */
  memberId: string;
  inviteId: string;
  groupIds: string[];
  /** Webhooks (DECISIONS §13): an endpoint and its test event's delivery (delivered: nothing changes it after). */
  webhookId: string;
  webhookDeliveryId: string;
}
let A: World;
let B: World;
/** Where both worlds' webhook endpoints deliver (answers 200). */
let receiver: Receiver | undefined;

async function world(label: string): Promise<World> {
  const owner = await fleetOwner(rt, 5);
  const { payment } = await buy(rt.ctx.db, owner.id, 'PCHAT', 2);
  // An invoice and a credit note of that payment (issue 22): their PDFs are the customer's own.
  const creditNote = await rt.ctx.db.transaction(async (tx) => {
    await issueInvoice(tx, payment.id);
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        customerId: owner.id,
        idempotencyKey: `cross-tenant-${label}`,
        requestHash: label,
        source: 'staff',
        status: 'succeeded',
        qty: 1,
        amount: '1.00',
        provider: 'sandbox',
        refundBy: 'test',
      })
      .returning();
    const [paid] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    return issueCreditNote(tx, paid!, refund!);
  });
  const deviceName = `${label} tablet ${crypto.randomUUID().slice(0, 8)}`;
  const device = await owner.enrol('SL', { deviceName });
  const pd = await owner.enrol('PD', { deviceName: `${deviceName} PD` });
  await reportInventory(rt, device, [{ package_name: 'com.whatsapp', app_name: 'WhatsApp' }]);
  const post = (path: string, body: Record<string, unknown>) =>
    api(rt, 'POST', path, { token: owner.token, body: { profileId: device.profileId, ...body } });
  const mapped = dataOf<ProfileDetail>(
    await post('profile/keyMapper/add', { keyName: 'HOME_KEY', keyEvent: 'LONG_PRESS', packageName: 'com.whatsapp' }),
  );
  dataOf(await post('profile/file/add', { filePath: '/sdcard/Download' }));
  dataOf(await post('profile/blockUrl/add', { url: 'https://blocked.example' }));
  const [app] = dataOf<ProfileApplication[]>(
    await post('profile/application/create', {
      appPackageName: 'com.whatsapp',
      status: 'Uninstall',
      productType: 'Super Lock',
    }),
  );
  const template = dataOf<{ _id: string }>(
    await api(rt, 'POST', 'templates', {
      token: owner.token,
      body: { name: `${label} template`, fromProfileId: pd.profileId },
    }),
  );
  const group = dataOf<{ _id: string }>(
    await api(rt, 'POST', 'groups', {
      token: owner.token,
      body: { name: `${label} group`, family: 'PD', templateId: template._id },
    }),
  );
  dataOf(
    await call(rt, fleetApi.groupAddDevices, {
      token: owner.token,
      params: { id: group._id },
      body: { profileIds: [pd.profileId] },
    }),
  );
  const exportName = `${label} export ${crypto.randomUUID().slice(0, 8)}`;
  const exportId = await uploadExport(rt, device.auth, { exportName, disabledApplications: ['com.whatsapp'] });
  const chatUserName = `${label} chatter`;
  const chat = dataOf<{ _id: string; qrCodeUrl: string }>(
    await call(rt, chatApi.create, {
      token: owner.token,
      body: {
        name: chatUserName,
        user_id: `${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`,
        password: STRONG_PASSWORD,
      },
    }),
  );
  const [message] = await rt.ctx.db
    .insert(deviceMessages)
    .values({ deviceId: device.deviceId, kind: 'notification', payload: { title: `${label} note`, body: 'hello' } })
    .returning();
  const pm = dataOf<{ id: string }>(
    await call(rt, sandboxApi.tokeniseCard, { token: owner.token, body: card('4242424242424242') }),
  );
  const checkout = dataOf<{ clientSecret: string }>(
    await call(rt, paymentsApi.purchase, {
      token: owner.token,
      body: { priceId: 'PDOT', qty: 1, captcha: await solvedCaptcha(rt) },
      headers: { 'idempotency-key': `${label}-${crypto.randomUUID()}` },
    }),
  );
  const rollout = dataOf<{ _id: string }>(
    await call(rt, fleetApi.rolloutCreate, {
      token: owner.token,
      body: { templateId: template._id, groupId: group._id },
    }),
  );
  // Cancelled: no job changes it while B's calls run.
  dataOf(await call(rt, fleetApi.rolloutCancel, { token: owner.token, params: { id: rollout._id } }));
  const spare = await owner.enrol('PD', { deviceName: `${deviceName} spare` });
  const bulk = dataOf<{ _id: string }>(
    await call(rt, fleetApi.bulkActionCreate, {
      token: owner.token,
      body: { action: 'logout', profileIds: [spare.profileId] },
    }),
  );
  // A command the device can run: its ledger row carries the message the device reports on.
  await rt.ctx.db
    .update(devices)
    .set({ capabilities: ['sync'] })
    .where(eq(devices.id, device.deviceId));
  const command = dataOf<{ _id: string }>(
    await call(rt, commandsApi.commandCreate, {
      token: owner.token,
      body: { type: 'sync', profileIds: [device.profileId] },
    }),
  );
  await fanOutCommand(rt.ctx, command._id);
  // The job may have taken the command first (the send wakes its worker): wait for it too.
  await rt.settle();
  const [ledgerRow] = await rt.ctx.db
    .select({ id: commandDevices.id })
    .from(commandDevices)
    .where(eq(commandDevices.commandId, command._id));
  const member = await newMember(rt, owner, 'Viewer', { name: `${label} member` });
  const invite = dataOf<{ _id: string }>(
    await call(rt, teamApi.teamInvite, {
      token: owner.token,
      body: { email: uniqueEmail(`${label}-invite`), role: 'Technician' },
    }),
  );
  const apiKey = dataOf<{ _id: string }>(
    await call(rt, apiKeysApi.apiKeyCreate, {
      token: owner.token,
      body: { name: `${label} key`, scopes: ['devices:read'] },
    }),
  );
  const hook = dataOf<{ _id: string }>(
    await call(rt, webhookEndpointsApi.webhookCreate, {
      token: owner.token,
      body: { url: (receiver ??= await startReceiver()).url(`/${label}`), events: ['rollout.completed'] },
    }),
  );
  const delivery = dataOf<{ _id: string }>(
    await call(rt, webhookEndpointsApi.webhookTest, { token: owner.token, params: { id: hook._id } }),
  );
  for (let i = 0; i < 300; i++) {
    const [row] = await rt.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery._id));
    if (row?.state === 'succeeded') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    apiKeyId: apiKey._id,
    webhookId: hook._id,
    webhookDeliveryId: delivery._id,
    memberId: member.id,
    inviteId: invite._id,
    commandId: command._id,
    commandMessageId: ledgerRow!.id,
    bulkActionId: bulk._id,
    rolloutId: rollout._id,
    id: owner.id,
    email: owner.email,
    token: owner.token,
    deviceAuth: device.auth,
    serialNumber: device.serialNumber,
    deviceName,
    profileId: device.profileId,
    pdProfileId: pd.profileId,
    keyMapperId: mapped.keyMapper[0]!._id,
    profileAppId: app!._id,
    exportId,
    exportName,
    chatUserId: chat._id,
    chatUserName,
    chatQrFile: chat.qrCodeUrl.split('/').at(-1)!,
    messageId: message!.id,
    pmId: pm.id,
    clientSecret: checkout.clientSecret,
    paymentId: payment.id,
    creditNoteId: creditNote.id,
    templateId: template._id,
    groupId: group._id,
    groupIds: [group._id],
    pdProfileIds: [pd.profileId],
  };
}

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
  A = await world('Alpha');
  B = await world('Bravo');
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await rt?.close();
});

type Fixture = keyof World;
/**
 * Which row an id-taking input names, by input name and operation. `null`: the input names no customer's row (a plan,
 * a public page, a login attempt, a name the customer chooses), so there is nothing of A's to point at.
 */
function fixtureOf(o: ApiOperation, name: string): Fixture | null | undefined {
  const t = o.template;
  switch (name) {
    case 'profileId':
      return t.includes('/restore/') ? 'pdProfileId' : 'profileId';
    case 'restoreId':
      return 'exportId';
    case 'pmId':
    case 'payment_method_id':
    case 'paymentMethodId':
      return 'pmId';
    case 'serialNumber':
      // `enrol` names the serial of the device that enrols: with B's enrolment token it is B's own device (a serial
      // active elsewhere is refused by takeover.test.ts); A's rows are still in the snapshot compared at the end.
      return t === '/api/v1/device/enrol' ? null : 'serialNumber';
    case 'priceId': // a plan of the public catalogue
    case 'challengeId': // a login attempt (anonymous verify-otp)
    case 'appId': // an app's package name
    case 'user_id': // the sign-in name a customer chooses for a new chat user
    case 'tax_id': // the buyer's tax number on invoices
      return null;
    case 'creditNoteId':
      return 'creditNoteId';
    case 'fromProfileId':
      return 'profileId';
    case 'profileIds':
      // A rollout or bulk action names its devices by groupId or profileIds, never both (400): the group is tried
      // there; their devices by their own tests (modules/fleet/*.test.ts "another customer's").
      return t.endsWith('/rollouts') || t.endsWith('/bulk-actions') || /\/commands(\/preflight)?$/.test(t)
        ? null
        : 'pdProfileIds';
    case 'templateId':
      return 'templateId';
    case 'groupId':
      // `enrol` carries no session: its group is checked against the enrolment token's customer (400 otherwise),
      // which fleet/groups.test.ts proves with a real token; the matrix's enrol has no token of B's to send.
      return t === '/api/v1/device/enrol' ? null : 'groupId';
    case 'targetGroupId':
      return 'groupId';
    case 'groupIds':
      return 'groupIds';
    case 'memberId':
      return 'memberId';
    case 'deliveryId':
      return 'webhookDeliveryId';
    case 'id':
      if (t.includes('/payments/price/detail') || t.startsWith('/api/v1/public/')) return null;
      if (t.includes('/export/')) return 'exportId';
      if (t.includes('/fcm/user/') || t.startsWith('/api/v1/qr/chat/')) return 'chatUserId';
      if (t.includes('/notifications/')) return 'messageId';
      if (t.includes('/application/delete')) return 'profileAppId';
      if (t.includes('/keyMapper/')) return 'keyMapperId';
      if (t.startsWith('/api/v1/admin/payments/{id}/')) return 'paymentId';
      if (t.startsWith('/api/v1/admin/templates/{id}')) return 'templateId';
      if (t.startsWith('/api/v1/admin/groups/{id}')) return 'groupId';
      if (t.startsWith('/api/v1/admin/rollouts/{id}')) return 'rolloutId';
      if (t.startsWith('/api/v1/admin/bulk-actions/{id}')) return 'bulkActionId';
      if (t.startsWith('/api/v1/admin/commands/{id}')) return 'commandId';
      if (t === '/api/v1/device/commands/{id}/result') return 'commandMessageId';
      if (t.startsWith('/api/v1/admin/team/invites/{id}')) return 'inviteId';
      if (t === '/api/v1/admin/team/{id}') return 'memberId';
      if (t === '/api/v1/admin/api-keys/{id}') return 'apiKeyId';
      if (t.startsWith('/api/v1/admin/webhooks/{id}')) return 'webhookId';
      return undefined;
    default:
      return undefined;
  }
}

/** Inputs that name a row: uuids, `…id`/`…Id`/`…Ids`, serial numbers. */
const namesARow = (name: string, s: JsonSchema | undefined) => {
  const c = concrete(s);
  return (
    /(^|_)id$|Id$|Ids$|_ids$|^serialNumber$/.test(name) || c?.format === 'uuid' || concrete(c?.items)?.format === 'uuid'
  );
};

/** Values that make the rest of a request valid, so the answer is about the id and not a 400. */
const FIELD_VALUES: Record<string, unknown> = {
  pin: '0000',
  filePath: '/sdcard/Download',
  url: 'https://blocked.example',
  keyName: 'HOME_KEY',
  keyEvent: 'LONG_PRESS',
  packageName: 'com.whatsapp',
  appPackageName: 'com.whatsapp',
  app: 'com.whatsapp',
  status: 'Uninstall',
  productType: 'Super Lock',
  app_disable: true,
  qty: 1,
  name: 'Cross tenant',
  password: STRONG_PASSWORD,
  user_id: 'cross-tenant-user',
  version: 1,
  result: 'Success',
  kioskType: 'None',
  enablePowerOnBoot: false,
  shutdownOnDisconnect: false,
  powerCleanerSettings: {},
};

/** Where a field of FIELD_VALUES means something else in one operation (the operation's own valid value). */
const OPERATION_VALUES: Record<string, Record<string, unknown>> = {
  // A command's outcome: `result` is the device's data, not the policy ack's 'Success'.
  'POST /api/v1/device/commands/{id}/result': { result: { latitude: 0, longitude: 0 } },
  // An invite a group can be given to (the schema's sample email and first role would be refused before the group).
  'POST /api/v1/admin/team/invite': { email: 'matrix-invitee@example.com', role: 'Technician' },
};

interface Input {
  where: 'path' | 'query' | 'body';
  name: string;
  fixture: Fixture;
}

/** One request of B's: every id input from `pick` (A's or B's world), the rest valid. */
async function send(o: ApiOperation, inputs: Input[], pick: (i: Input) => World) {
  const value = (i: Input) => pick(i)[i.fixture];
  const body: Record<string, unknown> = {};
  const query: Record<string, string> = {};
  const path: Record<string, string> = {};
  const bodySchema = concrete(o.bodySchema);
  for (const [key, s] of Object.entries(bodySchema?.properties ?? {})) {
    const own = OPERATION_VALUES[`${o.method} ${o.template}`];
    if (own && key in own) body[key] = own[key];
    else if (key in FIELD_VALUES) body[key] = FIELD_VALUES[key];
    else if (bodySchema?.required?.includes(key)) body[key] = sample(s);
  }
  for (const p of o.queryParams) if (p.required) query[p.name] = String(FIELD_VALUES[p.name] ?? sample(p.schema));
  for (const p of o.pathParams) path[p.name] = String(sample(p.schema));
  if (o.template.startsWith('/api/v1/qr/chat/')) path.file = B.chatQrFile;
  if ('captcha' in (bodySchema?.properties ?? {})) body.captcha = await solvedCaptcha(rt);
  if ('clientSecret' in (bodySchema?.properties ?? {})) body.clientSecret = B.clientSecret;
  for (const i of inputs) {
    const v = value(i);
    if (i.where === 'path') path[i.name] = String(v);
    else if (i.where === 'query') query[i.name] = String(v);
    else body[i.name] = v;
  }
  const token = o.realm === 'device' ? B.deviceAuth : B.token;
  const hasBody = o.method !== 'GET' && o.method !== 'HEAD' && (o.bodySchema || Object.keys(body).length);
  return rt.app.inject({
    method: o.method as 'GET',
    url: fillTemplate(o.template, path) + encodeQuery(query),
    headers: { authorization: token, 'idempotency-key': crypto.randomUUID() },
    ...(hasBody ? { payload: body } : {}),
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/**
 * Answers that refuse: 403 and 404; a refusal the spec words otherwise (listed with its code); and a list filtered
 * by another customer's value, which answers B's own rows that match: none.
 */
const OTHER_REFUSALS: Record<string, string> = {
  // The sandbox's confirm answers a payment method that is not the customer's as Stripe does: "No such payment method".
  'POST /api/v1/sandbox/confirm': 'E_PAYMENT_METHOD_REQUIRED',
};
function refused(o: ApiOperation, set: Input[], res: { statusCode: number; body: string }) {
  if (res.statusCode === 403 || res.statusCode === 404) return true;
  const answer = JSON.parse(res.body) as {
    code?: string;
    data?: { pagination?: { total?: number } };
    pagination?: { total?: number };
  };
  if (OTHER_REFUSALS[`${o.method} ${o.template}`] === answer.code && res.statusCode >= 400) return true;
  const onlyOptionalFilters =
    o.method === 'GET' &&
    set.every((i) => i.where === 'query' && !o.queryParams.find((p) => p.name === i.name)?.required);
  // A page answers its pagination beside `data` (profile/list) or inside it.
  const total = answer.pagination?.total ?? answer.data?.pagination?.total;
  return onlyOptionalFilters && res.statusCode === 200 && total === 0;
}

/** A's rows that no call of B's may change. */
async function snapshotOf(w: World) {
  const tables = await rt.ctx.pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'customer_id' and table_name not like '%delta%'
      order by table_name`,
  );
  const rows: Record<string, unknown[]> = {};
  for (const { table_name } of tables.rows)
    rows[table_name] =
      // Ordered by the whole row: a table whose first column is the customer (customer_seats) has no order of its own,
      // and a rewrite of a row with the same values (a seat recount) moves it.
      (await rt.ctx.pool.query(`select * from "${table_name}" t where customer_id = $1 order by t::text`, [w.id])).rows;
  const own = await rt.ctx.pool.query('select * from customers where id = $1', [w.id]);
  const perDevice = await rt.ctx.pool.query(
    `select (select json_agg(m order by m.id) from device_messages m join devices d on d.id = m.device_id where d.customer_id = $1) as messages,
            (select json_agg(a order by a.device_id, a.package_name) from device_applications a join devices d on d.id = a.device_id where d.customer_id = $1) as apps`,
    [w.id],
  );
  // A plain JSON copy: compared with toEqual, a difference is shown as the table, row and field that changed.
  return JSON.parse(JSON.stringify({ rows, own: own.rows, perDevice: perDevice.rows })) as unknown;
}

/**
 * The fields of A's snapshot that differ, one line each ("devices[0].seen_at: … → …"): a failure names the table, row
 * and field even where the runner's output is cut short.
 */
function changesBetween(before: unknown, after: unknown, path = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!isObject(before) || !isObject(after))
    return [`${path}: ${JSON.stringify(before)?.slice(0, 120)} → ${JSON.stringify(after)?.slice(0, 120)}`];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((k) => changesBetween(before[k], after[k], path ? `${path}.${k}` : k));
}

describe('cross-tenant matrix, generated from the OpenAPI document (issue 12, Prove 2)', () => {
  it("customer B gets 403/404 for every call naming customer A's rows, sees none of A's data, changes nothing of A's", async () => {
    const ops = apiOperations(await openApiDocument(rt)).filter((o) => o.realm !== 'staff');
    const missing: string[] = [];
    const failures: string[] = [];
    const covered: string[] = [];
    let requests = 0;
    // Jobs of the setup (a checkout's webhook, mails, Apply) and the batched status writes finish first: they change
    // A's rows on their own, whatever B does.
    await rt.settle();
    const before = await snapshotOf(A);
    // What would betray A's data in an answer.
    const markers = [A.email, A.serialNumber, A.deviceName, A.exportName, A.chatUserName, 'Alpha note'];

    for (const o of ops) {
      const label = `${o.method} ${o.template}`;
      const inputs: Input[] = [];
      const consider = (where: Input['where'], name: string, s: JsonSchema | undefined) => {
        if (!namesARow(name, s)) return;
        const fixture = fixtureOf(o, name);
        if (fixture === undefined) missing.push(`${label} ${where} "${name}"`);
        else if (fixture !== null) inputs.push({ where, name, fixture });
      };
      for (const p of o.pathParams) consider('path', p.name, p.schema);
      for (const p of o.queryParams) consider('query', p.name, p.schema);
      for (const [name, s] of Object.entries(concrete(o.bodySchema)?.properties ?? {})) consider('body', name, s);
      if (inputs.length === 0) continue;
      covered.push(label);

      // DELETE calls take their ids in the query or in the body (either way): each way is its own request.
      const names = (w: Input['where']) => new Set(inputs.filter((i) => i.where === w).map((i) => i.name));
      const both = [...names('query')].some((n) => names('body').has(n));
      const sets = both
        ? [inputs.filter((i) => i.where !== 'body'), inputs.filter((i) => i.where !== 'query')]
        : [inputs];
      for (const set of sets) {
        // Every id A's; then each id A's alone, the others B's own (a check of one id must not hide behind another).
        const variants: ((i: Input) => World)[] = [() => A];
        if (set.length > 1) for (const only of set) variants.push((i) => (i === only ? A : B));
        for (const pick of variants) {
          const res = await send(o, set, pick);
          requests += 1;
          const which = set.map((i) => `${i.where}.${i.name}=${pick(i) === A ? 'A' : 'B'}`).join(' ');
          if (!refused(o, set, res)) failures.push(`${label} [${which}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
          const leaked = markers.filter((m) => res.body.includes(m));
          if (leaked.length) failures.push(`${label} [${which}] answers A's ${leaked.join(', ')}`);
        }
      }
    }
    // `missing`: id-taking inputs without a fixture (add them to fixtureOf).
    console.warn(`cross-tenant matrix: ${covered.length} operations, ${requests} requests`);
    expect({ missing, failures }).toEqual({ missing: [], failures: [] });
    expect(covered.length).toBeGreaterThan(25);
    await rt.settle();
    expect(changesBetween(before, await snapshotOf(A))).toEqual([]);
  }, 120_000);
});
