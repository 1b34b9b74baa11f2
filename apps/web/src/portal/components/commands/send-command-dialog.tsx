import {
  COMMAND_DEFAULT_EXPIRY_SECONDS,
  COMMAND_LABELS,
  COMMAND_MESSAGE_MAX,
  commandParamsSchemas,
  RING_DEFAULT_SECONDS,
  RING_MAX_SECONDS,
  type Command,
  type CommandCreateRequest,
  type CommandPreflight,
  type CommandType,
} from '@fleetdeck/contract';
import { Alert, Anchor, Button, Group, Loader, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { paths } from '@/portal/config/paths';
import { useCommandPreflight, type CommandTarget } from '@/portal/api/command-preflight';
import { useSendCommand } from '@/portal/api/send-command';
import { QueryError } from '@/shared/components/query-view';
import { useContractForm } from '@/shared/lib/form';
import {
  COMMAND_TYPE_CHOICES,
  confirmQuestion,
  devicesCount,
  formatCount,
  paramsInWords,
  preflightLines,
} from './command-words';

/** The params a person types, as text (each type takes the ones it needs: `toParams`). */
export interface CommandParamValues extends Record<string, unknown> {
  message: string;
  phone: string;
  seconds: string;
  packageName: string;
  /** Lost mode on (true) or off (false). */
  enabled: boolean;
}

const EMPTY: CommandParamValues = {
  message: '',
  phone: '',
  seconds: String(RING_DEFAULT_SECONDS),
  packageName: '',
  enabled: true,
};

const LABELS = { message: 'Message', phone: 'Phone', seconds: 'Ring time', packageName: 'App package' };

const optionalText = (v: string) => (v.trim() === '' ? undefined : v);

/** The request's `params` from the fields the type uses; the contract's `commandParamsSchemas` checks them. */
export function toParams(type: CommandType, v: CommandParamValues): Record<string, unknown> {
  switch (type) {
    case 'lock':
      return { message: optionalText(v.message) };
    case 'ring':
      return { seconds: v.seconds.trim() === '' ? undefined : Number(v.seconds.trim()) };
    case 'clear_app_data':
      return { packageName: v.packageName };
    case 'lost_mode':
      return v.enabled
        ? { enabled: true, message: optionalText(v.message), phone: optionalText(v.phone) }
        : { enabled: false };
    default:
      return {};
  }
}

const duration = (seconds: number) => {
  const [n, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : [seconds / 60, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
};

/** The preflight's answer: a green line for what can run, an orange one per reason the others cannot. */
function PreflightView({ type, preflight }: { type: CommandType; preflight: CommandPreflight }) {
  const { ok, problems } = preflightLines(type, preflight);
  return (
    <Stack gap="xs" aria-label="Before sending" role="group">
      {ok ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs">
          <Text size="sm">{ok}</Text>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Stack gap={2}>
            {problems.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The fields a type takes, checked with the contract's rules when Continue is pressed (messages at the field). */
function ParamsStep({
  type,
  target,
  initialValues,
  fixed,
  onCancel,
  onContinue,
}: {
  type: CommandType;
  target: CommandTarget;
  initialValues: CommandParamValues;
  fixed: ReadonlySet<keyof CommandParamValues>;
  onCancel: () => void;
  onContinue: (params: CommandParamsBody, values: CommandParamValues) => void;
}) {
  const preflight = useCommandPreflight(type, target);
  const form = useContractForm(commandParamsSchemas[type] as z.ZodMiniType, initialValues, {
    toRequest: (v) => toParams(type, v),
    labels: LABELS,
  });
  const shows = (field: keyof CommandParamValues, types: CommandType[]) => types.includes(type) && !fixed.has(field);
  const lostModeOn = type === 'lost_mode' && form.values.enabled;
  const canSend = preflight.data !== undefined && preflight.data.capable > 0;
  return (
    <form noValidate onSubmit={form.submit((params, values) => onContinue(params as CommandParamsBody, values))}>
      <Stack gap="md">
        {preflight.isError ? (
          <QueryError title="The devices could not be checked" query={preflight} />
        ) : preflight.data ? (
          <PreflightView type={type} preflight={preflight.data} />
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Checking what the devices can do…
            </Text>
          </Group>
        )}
        {shows('message', ['lock']) || (lostModeOn && !fixed.has('message')) ? (
          <Textarea
            label={type === 'lock' ? 'Message on the lock screen' : 'Message shown on the device'}
            description={`Optional, at most ${COMMAND_MESSAGE_MAX} characters.`}

            rows={2}
            {...form.getInputProps('message')}
          />
        ) : null}
        {lostModeOn && !fixed.has('phone') ? (
          <TextInput
            label="Phone"
            description="Optional: a number the finder can call."
            inputMode="tel"
            {...form.getInputProps('phone')}
          />
        ) : null}
        {shows('seconds', ['ring']) ? (
          <TextInput
            label="Ring time"
            description={`Seconds, from 1 to ${RING_MAX_SECONDS}.`}
            inputMode="numeric"
            rightSection={<Text size="xs">s</Text>}
            {...form.getInputProps('seconds')}
          />
        ) : null}
        {shows('packageName', ['clear_app_data']) ? (
          <TextInput
            label="App package"
            placeholder="com.example.app"
            description="The app whose data is cleared on each device."
            autoCapitalize="off"
            spellCheck={false}
            {...form.getInputProps('packageName')}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSend}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Params as the contract takes them: flat, each a text, number, true/false or null. */
type CommandParamsBody = NonNullable<CommandCreateRequest['params']>;

interface Confirming {
  params: CommandParamsBody;
  /** One key per confirmation: clicking Send twice, or again after a lost answer, sends one command. */
  idempotencyKey: string;
}

export interface SendCommandDialogProps {
  opened: boolean;
  onClose: () => void;
  target: CommandTarget;
  /**
   * How the dialog names the target: the device's serial number ("Lock SN-123?"), a group's devices ("the 12 devices
   * of Lobby tablets"); default: the chosen devices counted ("2 devices").
   */
  targetName?: string | undefined;
  /** The type: fixed (a device's Commands menu), or null to choose it in the dialog (the device list's bulk send). */
  type: CommandType | null;
  /** Params set by where the dialog was opened (clear app data: the row's package; lost mode: on or off). */
  preset?: Partial<CommandParamValues>;
  /** Once sent (default: the dialog says so and links to the command's page). */
  onSent?: (command: Command) => void;
}

function OpenDialog({
  target,
  targetName,
  type: fixedType,
  preset = {},
  onClose,
  onSent,
}: Omit<SendCommandDialogProps, 'opened'>) {
  const [type, setType] = useState<CommandType | null>(fixedType);
  const [values, setValues] = useState<CommandParamValues>({ ...EMPTY, ...preset });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [sent, setSent] = useState<Command | null>(null);
  const send = useSendCommand({
    onSuccess: (answer) => {
      setSent(answer.data);
      onSent?.(answer.data);
    },
  });
  const named = targetName ?? ('profileIds' in target ? devicesCount(target.profileIds.length) : 'the group');
  const preflight = useCommandPreflight(type, target);

  const modal = (title: string, body: ReactNode) => (
    <Modal opened onClose={onClose} title={<Text fw={700}>{title}</Text>} size="md">
      {body}
    </Modal>
  );

  if (sent) {
    return modal(
      'Command sent',
      <Stack gap="md">
        <Text size="sm">{`${COMMAND_LABELS[sent.type]} was sent to ${named}.`}</Text>
        <Anchor component={Link} to={paths.portal.commandDetail.getHref(sent._id)} size="sm">
          Follow it on the command&apos;s page
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>,
    );
  }

  if (confirming && type) {
    const p = preflight.data;
    const unsupported = p ? p.total - p.capable : 0;
    return modal(
      confirmQuestion(type, named, confirming.params),
      <Stack gap="md">
        <Text size="sm">{`${paramsInWords(type, confirming.params)}.`}</Text>
        {p && p.total > 1 ? (
          <Text size="sm">
            {unsupported > 0
              ? `${formatCount(p.capable)} of the ${devicesCount(p.total)} get it; the ${formatCount(unsupported)} that cannot run it are marked unsupported.`
              : `Each of the ${devicesCount(p.total)} gets it.`}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {`A device that does not ask for it within ${duration(COMMAND_DEFAULT_EXPIRY_SECONDS[type])} never gets it (expired).`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={send.isPending}>
            Back
          </Button>
          <Button
            color={
              type === 'lock' || type === 'lost_mode' || type === 'reboot' || type === 'clear_app_data'
                ? 'red'
                : undefined
            }
            loading={send.isPending}
            data-autofocus
            onClick={() =>
              send.mutate({
                body: { type, ...target, params: confirming.params },
                idempotencyKey: confirming.idempotencyKey,
              })
            }
          >
            Send
          </Button>
        </Group>
      </Stack>,
    );
  }

  return modal(
    fixedType
      ? fixedType === 'lost_mode'
        ? `Turn ${values.enabled ? 'on' : 'off'} lost mode on ${named}`
        : `${COMMAND_LABELS[fixedType]} ${named}`
      : `Send a command to ${named}`,
    <Stack gap="md">
      {fixedType ? null : (
        <Select
          label="Command"
          placeholder="Choose a command"
          data={COMMAND_TYPE_CHOICES}
          value={type}
          onChange={(v) => setType(v as CommandType | null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      {type ? (
        <ParamsStep
          key={type}
          type={type}
          target={target}
          initialValues={values}
          fixed={new Set(Object.keys(preset) as (keyof CommandParamValues)[])}
          onCancel={onClose}
          onContinue={(params, v) => {
            setValues(v);
            setConfirming({ params, idempotencyKey: crypto.randomUUID() });
          }}
        />
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>,
  );
}

/**
 * Sends a remote command (DECISIONS §11) to one device or the chosen ones: first the preflight ("This device can be
 * locked", "788 of 1,200 cannot reboot: the app is not device owner") with the type's params, checked by the
 * contract's rules; then a confirmation naming the device or the count ("Lock SN-123?"); then `POST commands` with an
 * `Idempotency-Key` of that confirmation, and a link to the command's page.
 */
export function SendCommandDialog({ opened, ...props }: SendCommandDialogProps) {
  // Mounted while open: each opening starts from the preset values, with a new key once confirmed.
  return opened ? <OpenDialog {...props} /> : null;
}
