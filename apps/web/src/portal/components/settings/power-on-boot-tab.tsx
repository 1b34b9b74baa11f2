import { powerOnBootSettingRequestSchema, SCHEDULE_TYPES, WEEK_DAYS } from '@fleetdeck/contract';
import { Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useContractForm } from '@/shared/lib/form';
import { useReportUnsaved } from './unsaved-changes';
import { SaveRow } from './save-button';
import { SegmentedField, TabForm } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';

type ScheduleType = (typeof SCHEDULE_TYPES)[number];
type WeekDay = (typeof WEEK_DAYS)[number];

/** What was typed in the time field, as 24-hour `HH:MM` while typing: digits only, the colon added after the hour. */
export const toClockTime = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};

/** Power On Boot: power on with the charger, shut down on disconnect, and a daily or weekly shutdown. */
export function PowerOnBootTab({ target }: { target: SettingsTarget }) {
  const { settings } = target;
  const schedule = settings.scheduleShutdown;
  const form = useContractForm(
    powerOnBootSettingRequestSchema,
    {
      enablePowerOnBoot: settings.enablePowerOnBoot,
      shutdownOnDisconnect: settings.shutdownOnDisconnect,
      scheduled: schedule !== null,
      scheduleType: (schedule?.scheduleType ?? 'Daily') as ScheduleType,
      scheduleTime: schedule?.scheduleTime ?? '22:00',
      days: (schedule?.days ?? []) as WeekDay[],
    },
    {
      labels: { scheduleTime: 'Time', days: 'Days' },
      fieldOf: { 'scheduleShutdown.scheduleTime': 'scheduleTime', 'scheduleShutdown.days': 'days' },
      toRequest: (v) => ({
        profileId: target.id,
        enablePowerOnBoot: v.enablePowerOnBoot,
        shutdownOnDisconnect: v.shutdownOnDisconnect,
        scheduleShutdown: v.scheduled
          ? {
              scheduleType: v.scheduleType,
              scheduleTime: v.scheduleTime,
              days: v.scheduleType === 'Weekly' ? v.days : [],
            }
          : null,
      }),
    },
  );
  const { scheduled, scheduleType } = form.values;
  const update = useTargetSave(target, 'powerOnBoot');
  useReportUnsaved('Power On Boot', form.isDirty());

  return (
    <TabForm
      title="Power On Boot"
      description="When the device switches itself on and off."
      onSubmit={form.submit(
        (request) => update.mutate(request, { onSuccess: () => form.resetDirty() }),
        update.isPending,
      )}
      gap="lg"
    >
      <Switch
        label="Enable Power On Boot"
        description="The device switches on as soon as it is connected to power."
        {...form.getInputProps('enablePowerOnBoot', { type: 'checkbox' })}
      />
      <Switch
        label="Shutdown on disconnect"
        description="The device shuts down when it is disconnected from power."
        {...form.getInputProps('shutdownOnDisconnect', { type: 'checkbox' })}
      />
      <Switch
        label="Schedule shutdown"
        description="Shut the device down at a set time."
        checked={scheduled}
        onChange={(e) => {
          form.setFieldValue('scheduled', e.currentTarget.checked);
          form.clearErrors();
        }}
      />
      {scheduled ? (
        <Stack gap="md" pl={{ base: 0, sm: 'xl' }}>
          <SegmentedField
            label="Schedule type"
            value={scheduleType}
            data={SCHEDULE_TYPES}
            onChange={(v) => {
              form.setFieldValue('scheduleType', v);
              form.clearErrors();
            }}
          />
          {/* Not type="time": the browser shows that in the locale's 12-hour clock, beside a 24-hour hint. */}
          <TextInput
            label="Time"
            description="24-hour time (HH:MM), e.g. 22:00"
            placeholder="HH:MM"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            {...form.getInputProps('scheduleTime')}
            onChange={(e) => form.setFieldValue('scheduleTime', toClockTime(e.currentTarget.value))}
            size="sm"
            w={180}
          />
          {scheduleType === 'Weekly' ? (
            <Checkbox.Group label="Days" {...form.getInputProps('days')}>
              <Group gap="md" mt={6}>
                {WEEK_DAYS.map((d) => (
                  <Checkbox key={d} value={d} label={d} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
        </Stack>
      ) : null}
      <SaveRow pending={update.isPending} />
    </TabForm>
  );
}
