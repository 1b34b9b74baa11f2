import { commandsApi, type CommandCreateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/**
 * `POST commands` with the dialog's `Idempotency-Key`: a double click or a retry of the same send is one command
 * (the server answers the first one again).
 */
export const sendCommand = ({ body, idempotencyKey }: { body: CommandCreateRequest; idempotencyKey: string }) =>
  client(commandsApi.commandCreate, { body, headers: { 'Idempotency-Key': idempotencyKey } });

/** The sends' key: a device's page follows the lost mode sent from it (`useMutationState`). */
export const SEND_COMMAND_KEY = ['send-command'] as const;

/** Refetched once sent: the Commands pages, and the devices' pages (a lost mode banner, a synced inventory). */
export const useSendCommand = (config: MutationConfig<typeof sendCommand> = {}) =>
  useInvalidatingMutation([queryKeys.commands, queryKeys.profiles], sendCommand, {
    mutationKey: SEND_COMMAND_KEY,
    ...config,
  });
