import { commandsApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answer, answerList, areaRoutes } from '../../lib/area-routes.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { customerActorOf, deviceScopeOf, requireMember } from '../../plugins/auth.ts';
import { DEVICE_API_TAGS, deviceOf, requireDevice } from '../../plugins/device-auth.ts';
import * as commands from './service.ts';

const TAGS = ['Remote commands'];
const COMMAND_SCOPE = 'A command of another customer answers 404 `E_NOT_FOUND`.';
const TARGET =
  '`profileIds` (up to 1,000) or a whole group (`groupId`), never both; a device or group of another customer answers 404.';

/** Remote commands (DECISIONS §11): `commands` under /api/v1/admin. */
export const commandRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: TAGS, guardFor: requireMember(ctx) }, (route) => {
    route(
      commandsApi.commandPreflight,
      {
        summary: 'How many of the chosen devices can run a command, and why the others cannot',
        description:
          `${TARGET} \`notCapable\` counts the devices that would get the state \`unsupported\` by reason: the app ` +
          'cannot run the type, it never reported what it can do (an older app), or the device is logged out.',
      },
      answer('Preflight', (req) => commands.preflight(ctx, deviceScopeOf(req), req.body)),
    );

    route(
      commandsApi.commandCreate,
      {
        summary: 'Send a command to devices',
        description:
          `${TARGET} \`params\` follow the type (lock \`{message?}\`, clear_app_data \`{packageName}\`, ring ` +
          '`{seconds}` 1–300, lost_mode `{enabled, message?, phone?}`, none for the others); a wrong one answers 400 ' +
          'naming the field. `expiresInSeconds` defaults by type (lock and lost mode 7 days, clear_app_data 1 day, ' +
          'reboot 1 h, others 10 min). The ledger rows are written by a background job (`fanningOut` until done): ' +
          'capable devices get the command through `GET events` (lock and lost mode ahead of anything else), the ' +
          'others an `unsupported` row. `Idempotency-Key` header: the same key and body within 24 h answer the same ' +
          'command with the header `idempotent-replayed: true` and send nothing again; the same key with another ' +
          'body answers 422 `E_IDEMPOTENCY`.',
      },
      async (req, reply) => {
        const { command, replayed } = await commands.createCommand(
          ctx,
          customerActorOf(req),
          req.body,
          idempotencyKeyOf(req),
        );
        if (replayed) void reply.header('idempotent-replayed', 'true');
        return { respones_msg: replayed ? 'Command already sent.' : 'Command sent.', data: command };
      },
    );

    route(
      commandsApi.commandList,
      {
        summary: 'List commands',
        description:
          'Newest first, with their counts by state; `type` filters, `profileId` lists the commands one device received.',
      },
      answerList('Commands', (req) => commands.listCommands(ctx, deviceScopeOf(req), req.query)),
    );

    route(
      commandsApi.commandDetail,
      { summary: 'A command with its counts by state', description: COMMAND_SCOPE },
      answer('Command', (req) => commands.commandDetail(ctx, deviceScopeOf(req), req.params.id)),
    );

    route(
      commandsApi.commandDevices,
      {
        summary: "A page of a command's per-device rows",
        description: `Newest first, with the device's serial number and name; \`state\` filters. ${COMMAND_SCOPE}`,
      },
      answerList('Command devices', (req) =>
        commands.commandDevices(ctx, deviceScopeOf(req), req.params.id, req.query),
      ),
    );

    route(
      commandsApi.commandCancel,
      {
        summary: 'Cancel a command',
        description:
          'Rows not yet delivered become `cancelled` and the devices never receive it; delivered rows keep running. ' +
          `\`cancelled\`: how many rows this call cancelled. ${COMMAND_SCOPE}`,
      },
      async (req) => {
        const { command, cancelled } = await commands.cancelCommand(ctx, customerActorOf(req), req.params.id);
        return {
          respones_msg:
            cancelled > 0
              ? `Command cancelled for ${cancelled === 1 ? '1 device' : `${cancelled} devices`}.`
              : 'Nothing left to cancel: every device already received it.',
          data: command,
          cancelled,
        };
      },
    );
  });

/** The device's side of remote commands: its result under /api/v1/device. */
export const commandDeviceRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: DEVICE_API_TAGS, guard: requireDevice(ctx), security: 'token' }, (route) => {
    route(
      commandsApi.commandResult,
      {
        summary: 'Report the outcome of a command',
        description:
          '`:id` is the `_id` of the message that carried the command in `GET events`. A message of another device ' +
          '(or not a command) answers 404; a row already decided, cancelled or expired answers 409 `E_CONFLICT`. ' +
          '`locate` reports `result: {latitude, longitude, accuracy?}` (400 otherwise).',
      },
      answer('Result recorded.', (req) => commands.reportResult(ctx, deviceOf(req), req.params.id, req.body)),
    );
  });
