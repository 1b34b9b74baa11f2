import { powerOnBootSettingRequestSchema, SCHEDULE_TYPES, WEEK_DAYS, type ProfileDetail } from '@fleetdeck/contract';
import { Button, Checkbox, Group, Input, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useUpdatePowerOnBootSettings } from '../api/update-power-on-boot-settings';
import { fieldMessage, validate, type FieldErrors } from '@/lib/form';

type ScheduleType = (typeof SCHEDULE_TYPES)[number];
type WeekDay = (typeof WEEK_DAYS)[number];

/** Power On Boot: power on with the charger, shut down on disconnect, and a daily or weekly shutdown. */
export function PowerOnBootTab({ profile }: { profile: ProfileDetail }) {
  const [enablePowerOnBoot, setEnablePowerOnBoot] = useState(profile.enablePowerOnBoot);
  const [shutdownOnDisconnect, setShutdownOnDisconnect] = useState(profile.shutdownOnDisconnect);
  const [scheduled, setScheduled] = useState(profile.scheduleShutdown !== null);
  const [scheduleType, setScheduleType] = useState<ScheduleType>(profile.scheduleShutdown?.scheduleType ?? 'Daily');
  const [scheduleTime, setScheduleTime] = useState(profile.scheduleShutdown?.scheduleTime ?? '22:00');
  const [days, setDays] = useState<WeekDay[]>(profile.scheduleShutdown?.days ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdatePowerOnBootSettings();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = validate(powerOnBootSettingRequestSchema, {
      profileId: profile._id,
      enablePowerOnBoot,
      shutdownOnDisconnect,
      scheduleShutdown: scheduled ? { scheduleType, scheduleTime, days: scheduleType === 'Weekly' ? days : [] } : null,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Power On Boot">
      <Stack gap="lg">
        <div>
          <Text fw={700}>Power On Boot</Text>
          <Text size="sm" c="dimmed">
            When the device switches itself on and off.
          </Text>
        </div>
        <Switch
          label="Enable Power On Boot"
          description="The device switches on as soon as it is connected to power."
          checked={enablePowerOnBoot}
          onChange={(e) => setEnablePowerOnBoot(e.currentTarget.checked)}
        />
        <Switch
          label="Shutdown on disconnect"
          description="The device shuts down when it is disconnected from power."
          checked={shutdownOnDisconnect}
          onChange={(e) => setShutdownOnDisconnect(e.currentTarget.checked)}
        />
        <Switch
          label="Schedule shutdown"
          description="Shut the device down at a set time."
          checked={scheduled}
          onChange={(e) => {
            setScheduled(e.currentTarget.checked);
            setErrors({});
          }}
        />
        {scheduled ? (
          <Stack gap="md" pl={{ base: 0, sm: 'xl' }}>
            <Input.Wrapper label="Schedule type">
              <SegmentedControl
                aria-label="Schedule type"
                display="flex"
                w="fit-content"
                mt={4}
                value={scheduleType}
                onChange={(v) => {
                  setScheduleType(v as ScheduleType);
                  setErrors({});
                }}
                data={[...SCHEDULE_TYPES]}
              />
            </Input.Wrapper>
            <TextInput
              type="time"
              label="Time"
              description="24-hour time (HH:MM)"
              value={scheduleTime}
              onChange={(e) => {
                setScheduleTime(e.currentTarget.value);
                setErrors({});
              }}
              error={fieldMessage('Time', errors['scheduleShutdown.scheduleTime'])}
              size="sm"
              w={180}
            />
            {scheduleType === 'Weekly' ? (
              <Checkbox.Group
                label="Days"
                value={days}
                onChange={(v) => {
                  setDays(v as WeekDay[]);
                  setErrors({});
                }}
                error={fieldMessage('Days', errors['scheduleShutdown.days'])}
              >
                <Group gap="md" mt={6}>
                  {WEEK_DAYS.map((d) => (
                    <Checkbox key={d} value={d} label={d} />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
