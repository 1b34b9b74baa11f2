import {
  BRIGHTNESS_MAX,
  KIOSK_TYPES,
  kioskSettingRequestSchema,
  SCREEN_ORIENTATIONS,
  type KioskSettingRequest,
  type KioskType,
  type ProfileDetail,
  type ScreenOrientation,
} from '@fleetdeck/contract';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useUpdateKioskSettings } from '../api/update-kiosk-settings';
import { fieldMessage, validate, type FieldErrors } from '@/lib/form';
import { PlayStoreSearch } from './play-store-search';
import { ProfileApplicationsList } from './profile-applications-list';

type NumberValue = number | string;

const toNullableInt = (v: NumberValue): number | null => {
  if (typeof v === 'number') return v;
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const fromNullable = (v: number | null): NumberValue => (v === null ? '' : v);

const TYPE_HELP: Record<KioskType, string> = {
  None: 'The device is not locked to any app.',
  'Single App': 'The device shows one app only.',
  'Multi App': 'The device shows only the apps of the kiosk list below.',
  Browser: 'The device shows one website in a locked browser.',
  Signage: 'The device plays a list of videos in a loop.',
};

function TimeoutField({
  value,
  onChange,
  error,
}: {
  value: NumberValue;
  onChange: (v: NumberValue) => void;
  error: string | undefined;
}) {
  return (
    <NumberInput
      label="Screen timeout (s)"
      description="Seconds before the screen turns off; empty: the device's own setting"
      value={value}
      onChange={onChange}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      error={error}
      size="sm"
      maw={320}
    />
  );
}

function BrightnessField({
  value,
  onChange,
  error,
}: {
  value: NumberValue;
  onChange: (v: NumberValue) => void;
  error: string | undefined;
}) {
  const n = typeof value === 'number' ? Math.min(BRIGHTNESS_MAX, Math.max(0, value)) : 0;
  return (
    <Input.Wrapper
      label="Screen brightness"
      description={`0 to ${BRIGHTNESS_MAX}; empty: the device's own setting`}
      error={error}
      maw={480}
    >
      <Group gap="md" wrap="nowrap" mt={6}>
        <Slider
          aria-label="Screen brightness slider"
          min={0}
          max={BRIGHTNESS_MAX}
          value={n}
          onChange={onChange}
          style={{ flex: 1 }}
        />
        <NumberInput
          aria-label="Screen brightness"
          value={value}
          onChange={onChange}
          min={0}
          max={BRIGHTNESS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={Boolean(error)}
          size="sm"
          w={96}
        />
      </Group>
    </Input.Wrapper>
  );
}

function OrientationField({ value, onChange }: { value: ScreenOrientation; onChange: (v: ScreenOrientation) => void }) {
  return (
    <Input.Wrapper label="Screen orientation">
      <SegmentedControl
        aria-label="Screen orientation"
        display="flex"
        w="fit-content"
        mt={4}
        value={value}
        onChange={(v) => onChange(v as ScreenOrientation)}
        data={[...SCREEN_ORIENTATIONS]}
      />
    </Input.Wrapper>
  );
}

const LABELS: Record<string, string> = {
  singleAppKioskPackageName: 'Package name',
  browserKioskWebsiteUrl: 'Website URL',
  browserKioskScreenTimeout: 'Screen timeout',
  browserKioskScreenBrightness: 'Screen brightness',
  signageKioskScreenTimeout: 'Screen timeout',
  signageKioskScreenBrightness: 'Screen brightness',
  signageVideoLists: 'Video URLs',
  kioskType: 'Kiosk type',
};

/** Kiosk (Super Lock): the kiosk type and the fields of that type (spec 2 §4). */
export function KioskTab({ profile }: { profile: ProfileDetail }) {
  const [kioskType, setKioskType] = useState<KioskType>(profile.kioskType);
  const [packageName, setPackageName] = useState(profile.singleAppKioskPackageName);
  const [websiteUrl, setWebsiteUrl] = useState(profile.browserKioskWebsiteUrl);
  const [browserTimeout, setBrowserTimeout] = useState<NumberValue>(fromNullable(profile.browserKioskScreenTimeout));
  const [browserBrightness, setBrowserBrightness] = useState<NumberValue>(
    fromNullable(profile.browserKioskScreenBrightness),
  );
  const [browserOrientation, setBrowserOrientation] = useState(profile.browserKioskScreenOrientation);
  const [showAddressBar, setShowAddressBar] = useState(profile.browserKioskShowAddressBar);
  const [videos, setVideos] = useState<string[]>(profile.signageVideoLists.length ? profile.signageVideoLists : ['']);
  const [signageTimeout, setSignageTimeout] = useState<NumberValue>(fromNullable(profile.signageKioskScreenTimeout));
  const [signageBrightness, setSignageBrightness] = useState<NumberValue>(
    fromNullable(profile.signageKioskScreenBrightness),
  );
  const [signageOrientation, setSignageOrientation] = useState(profile.signageKioskScreenOrientation);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateKioskSettings();

  const err = (field: string) => fieldMessage(LABELS[field] ?? field, errors[field]);
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors({});
    };

  const request = (): KioskSettingRequest => {
    const base = { profileId: profile._id, kioskType };
    switch (kioskType) {
      case 'Single App':
        return { ...base, singleAppKioskPackageName: packageName };
      case 'Browser':
        return {
          ...base,
          browserKioskWebsiteUrl: websiteUrl,
          browserKioskScreenTimeout: toNullableInt(browserTimeout),
          browserKioskScreenBrightness: toNullableInt(browserBrightness),
          browserKioskScreenOrientation: browserOrientation,
          browserKioskShowAddressBar: showAddressBar,
        };
      case 'Signage':
        return {
          ...base,
          signageVideoLists: videos,
          signageKioskScreenTimeout: toNullableInt(signageTimeout),
          signageKioskScreenBrightness: toNullableInt(signageBrightness),
          signageKioskScreenOrientation: signageOrientation,
        };
      default:
        return base;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = request();
    const checked = validate(kioskSettingRequestSchema, body);
    if (!checked.ok) {
      // The per-type checks run only once the number fields pass: check them again without the numbers so every
      // problem shows at once.
      const rest = validate(kioskSettingRequestSchema, {
        ...body,
        ...(kioskType === 'Browser' ? { browserKioskScreenTimeout: null, browserKioskScreenBrightness: null } : {}),
        ...(kioskType === 'Signage' ? { signageKioskScreenTimeout: null, signageKioskScreenBrightness: null } : {}),
      });
      setErrors({ ...(rest.ok ? {} : rest.errors), ...checked.errors });
      return;
    }
    setErrors({});
    // Send only this type's fields: the parsed request also carries the other type's orientation default ('Auto'),
    // which would overwrite its saved value.
    const sent = Object.fromEntries(Object.entries(checked.data).filter(([key]) => key in body)) as KioskSettingRequest;
    update.mutate(sent, {
      onSuccess: () => {
        if (kioskType === 'Signage') setVideos((v) => (v.some((x) => x.trim()) ? v.filter((x) => x.trim()) : ['']));
      },
    });
  };

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Kiosk">
        <Stack gap="lg">
          <div>
            <Text fw={700}>Kiosk</Text>
            <Text size="sm" c="dimmed">
              Lock the device to an app, a set of apps, a website or a video loop.
            </Text>
          </div>
          <NativeSelect
            label="Kiosk type"
            size="sm"
            value={kioskType}
            onChange={(e) => edited(setKioskType)(e.currentTarget.value as KioskType)}
            data={[...KIOSK_TYPES]}
            description={TYPE_HELP[kioskType]}
            error={err('kioskType')}
            maw={320}
          />

          {kioskType === 'Single App' ? (
            <Stack gap="md" maw={560}>
              <TextInput
                label="Package name"
                placeholder="com.android.chrome"
                description="Type it, or pick the app below."
                value={packageName}
                onChange={(e) => edited(setPackageName)(e.currentTarget.value)}
                error={err('singleAppKioskPackageName')}
                size="sm"
                autoComplete="off"
              />
              <PlayStoreSearch selected={packageName} onPick={(app) => edited(setPackageName)(app.appId)} />
            </Stack>
          ) : null}

          {kioskType === 'Browser' ? (
            <Stack gap="md">
              <TextInput
                label="Website URL"
                placeholder="https://example.com"
                value={websiteUrl}
                onChange={(e) => edited(setWebsiteUrl)(e.currentTarget.value)}
                error={err('browserKioskWebsiteUrl')}
                size="sm"
                maw={560}
                autoComplete="off"
              />
              <TimeoutField
                value={browserTimeout}
                onChange={edited(setBrowserTimeout)}
                error={err('browserKioskScreenTimeout')}
              />
              <BrightnessField
                value={browserBrightness}
                onChange={edited(setBrowserBrightness)}
                error={err('browserKioskScreenBrightness')}
              />
              <OrientationField value={browserOrientation} onChange={setBrowserOrientation} />
              <Switch
                label="Show address bar"
                checked={showAddressBar}
                onChange={(e) => setShowAddressBar(e.currentTarget.checked)}
              />
            </Stack>
          ) : null}

          {kioskType === 'Signage' ? (
            <Stack gap="md">
              <Input.Wrapper
                label="Video URLs"
                description="Played in this order. Empty rows are dropped when you save."
                error={err('signageVideoLists')}
              >
                <Stack gap="xs" mt={6} maw={640}>
                  {videos.map((video, i) => (
                    // Rows have no identity but their place; the inputs are controlled, so index keys are safe.
                    <Group key={i} gap="xs" wrap="nowrap">
                      <TextInput
                        aria-label={`Video URL ${i + 1}`}
                        placeholder="https://example.com/video.mp4"
                        value={video}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          edited(setVideos)(videos.map((v, j) => (j === i ? value : v)));
                        }}
                        size="sm"
                        style={{ flex: 1 }}
                        autoComplete="off"
                      />
                      <Tooltip label="Remove" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove video ${i + 1}`}
                          onClick={() => edited(setVideos)(videos.length > 1 ? videos.filter((_, j) => j !== i) : [''])}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setVideos((v) => [...v, ''])}
                    w="fit-content"
                  >
                    Add video
                  </Button>
                </Stack>
              </Input.Wrapper>
              <TimeoutField
                value={signageTimeout}
                onChange={edited(setSignageTimeout)}
                error={err('signageKioskScreenTimeout')}
              />
              <BrightnessField
                value={signageBrightness}
                onChange={edited(setSignageBrightness)}
                error={err('signageKioskScreenBrightness')}
              />
              <OrientationField value={signageOrientation} onChange={setSignageOrientation} />
            </Stack>
          ) : null}

          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>

      {kioskType === 'Multi App' ? (
        <>
          <Divider />
          <ProfileApplicationsList
            profileId={profile._id}
            productType="Kiosk"
            title="Kiosk applications"
            description="The apps the device shows in Multi App kiosk mode. Changes are saved at once."
            emptyMessage="No kiosk applications yet. Add at least one before saving a Multi App kiosk."
          />
        </>
      ) : null}
    </Stack>
  );
}
