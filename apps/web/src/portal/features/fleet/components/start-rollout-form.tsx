import {
  MAX_ROLLOUT_STAGES,
  ROLLOUT_DEFAULTS,
  rolloutCreateRequestSchema,
  type Family,
  type Rollout,
  type RolloutCreateRequest,
} from '@fleetdeck/contract';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useGroupPicker } from '@/portal/api/get-groups';
import { BoundNumberInput } from '@/shared/components/form-fields';
import { MutationForm } from '@/shared/components/mutation-form';
import { ServerSearchSelect } from '@/shared/components/server-search-select';
import { useContractForm } from '@/shared/lib/form';
import { useCreateRollout } from '../api/create-rollout';
import { useTemplatePicker } from '../api/get-template-choices';

interface StageValues {
  percent: string;
  soakSeconds: string;
}

interface RolloutValues extends Record<string, unknown> {
  templateId: string;
  version: string;
  groupId: string;
  stages: StageValues[];
  failedPercent: string;
  minDevices: string;
  ackTimeoutSeconds: string;
}

/** What the form starts from: a group (its page) or a template (the templates pages); the other is chosen. */
export interface RolloutTarget {
  family: Family;
  groupId?: string | undefined;
  templateId?: string | undefined;
}

/** The text of a number field as the request's number: empty is absent, anything else is checked by the contract. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

const toRequest = (v: RolloutValues): RolloutCreateRequest => ({
  templateId: v.templateId,
  version: numberOf(v.version),
  groupId: v.groupId || undefined,
  stages: v.stages.map((s) => ({ percent: numberOf(s.percent)!, soakSeconds: numberOf(s.soakSeconds)! })),
  pauseWhen: { failedPercent: numberOf(v.failedPercent)!, minDevices: numberOf(v.minDevices)! },
  ackTimeoutSeconds: numberOf(v.ackTimeoutSeconds)!,
});

const LABELS: Record<string, string> = {
  templateId: 'Template',
  version: 'Version',
  groupId: 'Group',
  stages: 'Stages',
  failedPercent: 'Pause at failed %',
  minDevices: 'Decided devices at least',
  ackTimeoutSeconds: 'Acknowledgement timeout',
  ...Object.fromEntries(
    Array.from({ length: MAX_ROLLOUT_STAGES }, (_, i) => [
      [`stages.${i}.percent`, `Stage ${i + 1} percentage`],
      [`stages.${i}.soakSeconds`, `Stage ${i + 1} soak`],
    ]).flat(),
  ),
};

/** The defaults of DECISIONS §10: stages 5% / 25% / 100% soaking an hour each, pause at 10% of ≥ 3, ack in 900 s. */
export const rolloutDefaults = (target: RolloutTarget): RolloutValues => ({
  templateId: target.templateId ?? '',
  version: '',
  groupId: target.groupId ?? '',
  stages: ROLLOUT_DEFAULTS.stages.map((s) => ({ percent: String(s.percent), soakSeconds: String(s.soakSeconds) })),
  failedPercent: String(ROLLOUT_DEFAULTS.pauseWhen.failedPercent),
  minDevices: String(ROLLOUT_DEFAULTS.pauseWhen.minDevices),
  ackTimeoutSeconds: String(ROLLOUT_DEFAULTS.ackTimeoutSeconds),
});

/**
 * Starts a staged rollout of a template version to a group (`POST rollouts`): template and version, the stages
 * (percentage reached and soak time), the pause rule and the acknowledgement timeout, with the contract's rules and
 * messages under each field.
 */
export function StartRolloutForm({
  target,
  onStarted,
  onCancel,
}: {
  target: RolloutTarget;
  onStarted: (rollout: Rollout) => void;
  onCancel: () => void;
}) {
  const form = useContractForm(rolloutCreateRequestSchema, rolloutDefaults(target), {
    toRequest,
    labels: LABELS,
    fieldOf: { 'pauseWhen.failedPercent': 'failedPercent', 'pauseWhen.minDevices': 'minDevices' },
    rules: (v) => ({
      templateId: v.templateId ? undefined : 'Choose a template',
      groupId: v.groupId ? undefined : 'Choose a group',
    }),
  });
  const create = useCreateRollout({
    onSuccess: (answer) => onStarted(answer.data),
    onError: (error) => form.setServerErrors(error),
  });
  const { templates, chosen, select: templateSelect } = useTemplatePicker(target.family, form.values.templateId);
  const groupSelect = useGroupPicker(target.family);
  const stages = form.values.stages;

  return (
    <MutationForm
      form={form}
      mutation={create}
      label="Start a rollout"
      submitLabel="Start rollout"
      cancel={{ onClick: onCancel }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <ServerSearchSelect
          label="Template"
          required
          placeholder={templates.isFetching ? 'Loading…' : 'Choose a template'}
          {...templateSelect}
          {...form.getInputProps('templateId')}
          onChange={(value) => form.setFieldValue('templateId', value ?? '')}
        />
        <BoundNumberInput
          form={form}
          field="version"
          label="Version"
          placeholder={chosen ? String(chosen.version) : 'Current'}
          description="Empty: the template's current version"
        />
      </SimpleGrid>
      {target.groupId === undefined ? (
        <ServerSearchSelect
          label="Group"
          required
          placeholder="Choose a group"
          {...groupSelect}
          {...form.getInputProps('groupId')}
          onChange={(value) => form.setFieldValue('groupId', value ?? '')}
        />
      ) : null}
      <Stack gap="xs" role="group" aria-label="Stages">
        <Text size="sm" fw={600}>
          Stages
        </Text>
        <Text size="xs" c="dimmed">
          Each stage gives the version to the share of devices it reaches, then waits its soak time before the next one.
        </Text>
        {stages.map((_, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            {/* Side by side from the xs breakpoint; on a phone one above the other, each as wide as the dialog. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" style={{ flex: 1 }}>
              <BoundNumberInput
                form={form}
                field={`stages.${i}.percent`}
                label={`Stage ${i + 1} percentage`}
                unit="%"
              />
              <BoundNumberInput form={form} field={`stages.${i}.soakSeconds`} label={`Stage ${i + 1} soak`} unit="s" />
            </SimpleGrid>
            <Tooltip label="Remove this stage" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove stage ${i + 1}`}
                disabled={stages.length === 1}
                onClick={() => form.removeListItem('stages', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {form.errors.stages ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.stages}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={stages.length >= MAX_ROLLOUT_STAGES}
            onClick={() => form.insertListItem('stages', { percent: '100', soakSeconds: '3600' })}
          >
            Add a stage
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <BoundNumberInput
          form={form}
          field="failedPercent"
          label="Pause at failed %"
          unit="%"
          description="of the devices decided"
        />
        <BoundNumberInput
          form={form}
          field="minDevices"
          label="Decided devices at least"
          description="before the rule applies"
        />
        <BoundNumberInput
          form={form}
          field="ackTimeoutSeconds"
          label="Acknowledgement timeout"
          unit="s"
          description="a device seen without acknowledging fails"
        />
      </SimpleGrid>
    </MutationForm>
  );
}
