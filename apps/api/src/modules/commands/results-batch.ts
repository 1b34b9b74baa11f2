import {
  COMMAND_LABELS,
  locateResultSchema,
  type CommandDeviceState,
  type CommandResultRequest,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { GroupCommit, onePer } from '../../lib/group-commit.ts';
import type { DeviceInfo } from '../devices/device-info.ts';
import { insertDeviceLogs, setLostModes, type LostMode } from '../devices/repository.ts';
import { emitWebhookEvents } from '../webhook-endpoints/events.ts';
import * as repo from './repository.ts';

/** A device's `POST commands/:id/result` waiting for its batch. */
interface Report {
  device: DeviceInfo;
  messageId: string;
  body: CommandResultRequest;
}

export interface ReportedResult {
  _id: string;
  state: 'succeeded' | 'failed';
  finished_at: string;
}

/** Results written by one transaction at most (a bigger backlog waits for the next). */
export const RESULT_BATCH_MAX = 500;
/** Transactions writing batches of results at once, per process (`GroupCommit`'s `atOnce`). */
export const RESULT_BATCHES_AT_ONCE = 2;

export const commandNotFound = () => notFound('Command not found.');

const FINAL_STATE_MESSAGES: Partial<Record<CommandDeviceState, string>> = {
  cancelled: 'This command was cancelled.',
  expired: 'This command expired before its result arrived.',
  succeeded: 'This command already has its result.',
  failed: 'This command already has its result.',
  unsupported: 'This command was not sent to this device.',
};

/** The result the row keeps: a succeeded `locate` must carry a position (400 naming the field otherwise). */
function resultOf(row: repo.ReportedRow, body: CommandResultRequest): Record<string, unknown> | null | AppError {
  if (row.type !== 'locate' || body.state !== 'succeeded') return body.result ?? null;
  const parsed = locateResultSchema.safeParse(body.result);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = ['result', ...issue.path].join('.');
  return badRequest('E_VALIDATION', `${field}: ${issue.message}`, { errors: [{ field, message: issue.message }] });
}

/**
 * One transaction's work for a batch of results: each report's answer (its recorded result, or the error it is
 * refused with), under the rules of one result (DECISIONS §11): a message of another device, or not a command, 404; a
 * row already final 409 (two reports of one row in the batch: the first decides it, the second is told 409 as it would
 * be alone); a succeeded locate without a position 400. Each recorded result writes a device log row ("Lock:
 * succeeded"), a succeeded `lost_mode` turns the device's lost mode on or off, and the ledger rows are decided last,
 * in one statement: its trigger moves the command's counter rows, locked from there to the commit.
 */
async function writeResults(
  ctx: AppContext,
  tx: DbOrTx,
  batch: readonly Report[],
  afterCommit: (fn: () => Promise<void>) => void,
): Promise<Map<Report, ReportedResult | AppError>> {
  const answers = new Map<Report, ReportedResult | AppError>();
  const { rows, now } = await repo.lockReportedRows(
    tx,
    batch.map((r) => ({ deviceId: r.device.deviceId, messageId: r.messageId })),
  );
  const rowOf = new Map(rows.map((row) => [`${row.device_id}:${row.id}`, row]));
  /** The state each row has after the reports before this one in the batch. */
  const stateOf = new Map(rows.map((row) => [row.id, row.state]));
  const recorded: { report: Report; row: repo.ReportedRow; result: Record<string, unknown> | null }[] = [];
  for (const report of batch) {
    const row = rowOf.get(`${report.device.deviceId}:${report.messageId}`);
    if (!row) {
      answers.set(report, commandNotFound());
      continue;
    }
    const final = FINAL_STATE_MESSAGES[stateOf.get(row.id)!];
    if (final) {
      answers.set(report, new AppError(409, 'E_CONFLICT', final));
      continue;
    }
    const result = resultOf(row, report.body);
    if (result instanceof AppError) {
      answers.set(report, result);
      continue;
    }
    stateOf.set(row.id, report.body.state);
    recorded.push({ report, row, result });
  }
  if (recorded.length === 0) return answers;

  await insertDeviceLogs(
    tx,
    recorded.map(({ report: { device, body }, row }) => ({
      customerId: device.customerId,
      deviceId: device.deviceId,
      serialNumber: device.serialNumber,
      deviceName: device.deviceName,
      deviceActivity: COMMAND_LABELS[row.type],
      activityResult: body.message ? `${body.state}: ${body.message}`.slice(0, 1000) : body.state,
    })),
  );
  // A device's lost mode as its last succeeded lost_mode of the batch leaves it.
  const lostModes = new Map<string, LostMode | null>();
  for (const { report, row } of recorded) {
    if (row.type !== 'lost_mode' || report.body.state !== 'succeeded') continue;
    const p = row.params as { enabled?: boolean; message?: string; phone?: string };
    lostModes.set(
      report.device.deviceId,
      p.enabled ? { message: p.message ?? null, phone: p.phone ?? null, since: now.toISOString() } : null,
    );
  }
  await setLostModes(
    tx,
    [...lostModes].map(([deviceId, lostMode]) => ({ deviceId, lostMode })),
  );
  // Webhooks (DECISIONS §13): command.succeeded / command.failed, the whole batch in one statement.
  await emitWebhookEvents(
    ctx,
    tx,
    recorded.map(({ report: { device, body }, row, result }) => ({
      customerId: device.customerId,
      type: body.state === 'succeeded' ? ('command.succeeded' as const) : ('command.failed' as const),
      data: {
        commandId: row.command_id,
        type: row.type,
        deviceId: device.deviceId,
        serialNumber: device.serialNumber,
        deviceName: device.deviceName,
        state: body.state,
        message: body.message || null,
        result,
      },
    })),
    afterCommit,
  );
  await repo.recordResults(
    tx,
    recorded.map(({ report: { body }, row, result }) => ({
      id: row.id,
      createdAt: row.created_at,
      state: body.state,
      result,
      message: body.message || null,
    })),
  );
  for (const { report, row } of recorded) {
    answers.set(report, { _id: row.id, state: report.body.state, finished_at: now.toISOString() });
  }
  return answers;
}

/**
 * Results by group commit (issue 26: ≥ 2,000 results/s), as policy acks (`lib/group-commit.ts`): the reports that
 * arrive while a batch is written go together in the next transaction, each answered after its commit with the answer
 * it would get alone; a batch whose transaction fails is written again report by report.
 */
export const resultBatcherOf = onePer(
  (ctx: AppContext) =>
    new GroupCommit<Report, ReportedResult>({
      name: 'command results',
      maxBatch: RESULT_BATCH_MAX,
      atOnce: RESULT_BATCHES_AT_ONCE,
      write: (batch) => inTransaction(ctx.db, (tx, afterCommit) => writeResults(ctx, tx, batch, afterCommit)),
      logger: ctx.logger,
    }),
);
