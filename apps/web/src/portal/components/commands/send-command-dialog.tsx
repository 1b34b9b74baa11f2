import {
  COMMAND_DEFAULT_EXPIRY_SECONDS,
  COMMAND_LABELS,
  COMMAND_MAX_EXPIRY_SECONDS,
  COMMAND_MESSAGE_MAX,
  COMMAND_MIN_EXPIRY_SECONDS,
  commandCreateRequestSchema,
  commandParamsSchemas,
  RING_DEFAULT_SECONDS,
  RING_MAX_SECONDS,
  type Command,
  type CommandCreateRequest,
  type CommandPreflight,
  type CommandType,
} from '@fleetdeck/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { paths } from '@/portal/config/paths';
import { useCommandPreflight, type CommandTarget } from '@/portal/api/command-preflight';
import { useSendCommand } from '@/portal/api/send-command';
import { QueryError } from '@/shared/components/query-view';
import { useContractForm } from '@/shared/lib/form';
import {
  COMMAND_TYPE_CHOICES,
  confirmQuestion,
  devicesCount,
  durationInWords,
  EXPIRY_UNITS,
  expiryFieldsOf,
  expirySecondsOf,
  formatCount,
  paramsInWords,
  preflightLines,
  type ExpiryUnit,
} from './command-words';

/** The params a person types, as text (each type takes the ones it needs: `toParams`). */
export interface CommandParamValues extends Record<string, unknown> {
  message: string;
  phone: string;
  seconds: string;
  packageName: string;
  /** Lost mode on (true) or off (false). */
  enabled: boolean;
  /** How long the command waits for a device, in `expiryUnit`s ('' until a type is chosen: its default). */
  expiry: string;
  expiryUnit: ExpiryUnit;
}

const EMPTY: CommandParamValues = {
  message: '',
  phone: '',
  seconds: String(RING_DEFAULT_SECONDS),
  packageName: '',
  enabled: true,
  expiry: '',
  expiryUnit: 'minutes',
};

const LABELS = { message: 'Message', phone: 'Phone', seconds: 'Ring time', packageName: 'App package' };
/** The request's paths, as the form's fields. */
const FIELD_OF = {
  'params.message': 'message',
  'params.phone': 'phone',
  'params.seconds': 'seconds',
  'params.packageName': 'packageName',
  expiresInSeconds: 'expiry',
};

/** The contract's limits in words, for every expiry it refuses (typed in minutes, hours or days, not seconds). */
const EXPIRY_RANGE = `Expiry must be a whole number from ${durationInWords(COMMAND_MIN_EXPIRY_SECONDS)} to ${durationInWords(COMMAND_MAX_EXPIRY_SECONDS)}`;

/** The unit's select inside the expiry's field, on its right. */
const EXPIRY_UNIT_WIDTH = 104;

/** What the params step checks, with the contract's rules: the type's params and the create request's expiry. */
const stepSchema = (type: CommandType) =>
  z.object({
    params: commandParamsSchemas[type] as z.ZodMiniType,
    expiresInSeconds: commandCreateRequestSchema.shape.expiresInSeconds,
  });
type StepRequest = { params: CommandParamsBody; expiresInSeconds: number };

/** The type's default expiry in the fields, unless one was typed already. */
const withExpiry = (type: CommandType, v: CommandParamValues): CommandParamValues =>
  v.expiry === '' ? { ...v, ...expiryFieldsOf(COMMAND_DEFAULT_EXPIRY_SECONDS[type]) } : v;

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
  onContinue: (request: StepRequest, values: CommandParamValues) => void;
}) {
  const preflight = useCommandPreflight(type, target);
  const form = useContractForm(stepSchema(type), withExpiry(type, initialValues), {
    toRequest: (v) => ({ params: toParams(type, v), expiresInSeconds: expirySecondsOf(v.expiry, v.expiryUnit) }),
    labels: LABELS,
    fieldOf: FIELD_OF,
  });
  const shows = (field: keyof CommandParamValues, types: CommandType[]) => types.includes(type) && !fixed.has(field);
  const lostModeOn = type === 'lost_mode' && form.values.enabled;
  const canSend = preflight.data !== undefined && preflight.data.capable > 0;
  return (
    <form noValidate onSubmit={form.submit((request, values) => onContinue(request as StepRequest, values))}>
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
        <TextInput
          label="Expires after"
          description={`Default for ${COMMAND_LABELS[type].toLowerCase()}: ${durationInWords(COMMAND_DEFAULT_EXPIRY_SECONDS[type])}. A device that has not asked for it by then never gets it.`}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('expiry')}
          error={form.errors.expiry ? EXPIRY_RANGE : undefined}
          rightSectionWidth={EXPIRY_UNIT_WIDTH}
          rightSectionPointerEvents="all"
          rightSection={
            <NativeSelect
              aria-label="Expiry unit"
              data={EXPIRY_UNITS}
              rightSectionWidth={28}
              styles={{
                input: {
                  width: EXPIRY_UNIT_WIDTH,
                  marginRight: -2,
                  borderTopLeftRadius: 0,
                  borderBottomLeftRadius: 0,
                  fontWeight: 500,
                },
              }}
              {...form.getInputProps('expiryUnit')}
            />
          }
        />
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

interface Confirming extends StepRequest {
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
          {`A device that does not ask for it within ${durationInWords(confirming.expiresInSeconds)} never gets it (expired).`}
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
                body: {
                  type,
                  ...target,
                  params: confirming.params,
                  // The type's default is the server's too: sent only when another was chosen.
                  ...(confirming.expiresInSeconds === COMMAND_DEFAULT_EXPIRY_SECONDS[type]
                    ? {}
                    : { expiresInSeconds: confirming.expiresInSeconds }),
                },
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
          onChange={(v) => {
            setType(v as CommandType | null);
            // Another type: its own default expiry.
            setValues((before) => ({ ...before, expiry: '' }));
          }}
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
          onContinue={(request, v) => {
            setValues(v);
            setConfirming({ ...request, idempotencyKey: crypto.randomUUID() });
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
