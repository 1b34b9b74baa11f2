import {
  BRIGHTNESS_MAX,
  KIOSK_TYPES,
  kioskSettingRequestSchema,
  SCREEN_ORIENTATIONS,
  type KioskSettingRequest,
  type KioskType,
  type ScreenOrientation,
} from '@fleetdeck/contract';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Input,
  NativeSelect,
  Slider,
  Stack,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { checkNumber, NumberField } from '@/shared/components/number-field';
import { useContractForm } from '@/shared/lib/form';
import { ApplicationsList } from './applications-list';
import { useReportUnsaved } from './unsaved-changes';
import { PlayStoreSearch } from './play-store-search';
import { SaveRow } from './save-button';
import { PackageNameInput, SegmentedField, TabForm } from './tab-form';
import { useTargetSave, type SettingsTarget } from './target';

type NumberValue = number | string;

/** Whole numbers as typed ("-5" refused at the field, never made 5); empty: the device's own setting. */
const TIMEOUT_RULES = { kind: 'whole', min: 0, required: false } as const;
const BRIGHTNESS_RULES = { kind: 'whole', min: 0, max: BRIGHTNESS_MAX, required: false } as const;

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

/** A number field bound with `getInputProps`. */
interface BoundNumberProps {
  /** Optional only for `getInputProps`; always set. */
  value?: NumberValue;
  onChange: (v: NumberValue) => void;
  error?: ReactNode;
}

function TimeoutField({ value = '', onChange, error }: BoundNumberProps) {
  return (
    <NumberField
      label="Screen timeout (s)"
      description="Seconds before the screen turns off; empty: the device's own setting"
      value={String(value)}
      onChange={onChange}
      {...TIMEOUT_RULES}
      error={error}
      size="sm"
      maw={320}
    />
  );
}

function BrightnessField({ value = '', onChange, error }: BoundNumberProps) {
  // The slider follows the text while it is a valid brightness; the text stays as typed.
  const n = checkNumber(String(value), BRIGHTNESS_RULES).value ?? 0;
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
        <NumberField
          aria-label="Screen brightness"
          value={String(value)}
          onChange={onChange}
          {...BRIGHTNESS_RULES}
          error={error ? true : undefined}
          size="sm"
          w={96}
        />
      </Group>
    </Input.Wrapper>
  );
}

function OrientationField({
  value = 'Auto',
  onChange,
}: {
  value?: ScreenOrientation;
  onChange: (v: ScreenOrientation) => void;
}) {
  return <SegmentedField label="Screen orientation" value={value} data={SCREEN_ORIENTATIONS} onChange={onChange} />;
}

interface KioskValues {
  kioskType: KioskType;
  singleAppKioskPackageName: string;
  browserKioskWebsiteUrl: string;
  browserKioskScreenTimeout: NumberValue;
  browserKioskScreenBrightness: NumberValue;
  browserKioskScreenOrientation: ScreenOrientation;
  browserKioskShowAddressBar: boolean;
  signageVideoLists: string[];
  signageKioskScreenTimeout: NumberValue;
  signageKioskScreenBrightness: NumberValue;
  signageKioskScreenOrientation: ScreenOrientation;
}

/** The request of the chosen kiosk type: only that type's fields. */
function request(profileId: string, v: KioskValues): KioskSettingRequest {
  const base = { profileId, kioskType: v.kioskType };
  switch (v.kioskType) {
    case 'Single App':
      return { ...base, singleAppKioskPackageName: v.singleAppKioskPackageName };
    case 'Browser':
      return {
        ...base,
        browserKioskWebsiteUrl: v.browserKioskWebsiteUrl,
        browserKioskScreenTimeout: toNullableInt(v.browserKioskScreenTimeout),
        browserKioskScreenBrightness: toNullableInt(v.browserKioskScreenBrightness),
        browserKioskScreenOrientation: v.browserKioskScreenOrientation,
        browserKioskShowAddressBar: v.browserKioskShowAddressBar,
      };
    case 'Signage':
      return {
        ...base,
        signageVideoLists: v.signageVideoLists,
        signageKioskScreenTimeout: toNullableInt(v.signageKioskScreenTimeout),
        signageKioskScreenBrightness: toNullableInt(v.signageKioskScreenBrightness),
        signageKioskScreenOrientation: v.signageKioskScreenOrientation,
      };
    default:
      return base;
  }
}

const LABELS: Partial<Record<string, string>> = {
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
export function KioskTab({ target }: { target: SettingsTarget }) {
  const { settings } = target;
  const form = useContractForm(
    kioskSettingRequestSchema,
    {
      kioskType: settings.kioskType as KioskType,
      singleAppKioskPackageName: settings.singleAppKioskPackageName,
      browserKioskWebsiteUrl: settings.browserKioskWebsiteUrl,
      browserKioskScreenTimeout: fromNullable(settings.browserKioskScreenTimeout),
      browserKioskScreenBrightness: fromNullable(settings.browserKioskScreenBrightness),
      browserKioskScreenOrientation: settings.browserKioskScreenOrientation,
      browserKioskShowAddressBar: settings.browserKioskShowAddressBar,
      signageVideoLists: settings.signageVideoLists.length ? settings.signageVideoLists : [''],
      signageKioskScreenTimeout: fromNullable(settings.signageKioskScreenTimeout),
      signageKioskScreenBrightness: fromNullable(settings.signageKioskScreenBrightness),
      signageKioskScreenOrientation: settings.signageKioskScreenOrientation,
    },
    {
      labels: LABELS,
      toRequest: (v) => request(target.id, v),
      // The per-type checks run only once the number fields pass: check them again without the numbers so every
      // problem shows at once.
      recheck: (body) => ({
        ...body,
        ...(body.kioskType === 'Browser'
          ? { browserKioskScreenTimeout: null, browserKioskScreenBrightness: null }
          : {}),
        ...(body.kioskType === 'Signage'
          ? { signageKioskScreenTimeout: null, signageKioskScreenBrightness: null }
          : {}),
      }),
    },
  );
  const { kioskType, signageVideoLists: videos } = form.values;
  const setVideos = (next: string[]) => form.setFieldValue('signageVideoLists', next);
  const update = useTargetSave(target, 'kiosk');
  useReportUnsaved('Kiosk', form.isDirty());

  const save = (parsed: KioskSettingRequest, values: KioskValues) => {
    // Send only this type's fields: the parsed request also carries the other type's orientation default ('Auto'),
    // which would overwrite its saved value.
    const body = request(target.id, values);
    const sent = Object.fromEntries(Object.entries(parsed).filter(([key]) => key in body)) as KioskSettingRequest;
    update.mutate(sent, {
      onSuccess: () => {
        form.resetDirty();
        if (values.kioskType === 'Signage') {
          const kept = values.signageVideoLists.filter((x) => x.trim());
          setVideos(kept.length ? kept : ['']);
        }
      },
    });
  };

  return (
    <Stack gap="lg">
      <TabForm
        title="Kiosk"
        description="Lock the device to an app, a set of apps, a website or a video loop."
        onSubmit={form.submit(save, update.isPending)}
        gap="lg"
      >
        <NativeSelect
          label="Kiosk type"
          size="sm"
          {...form.getInputProps('kioskType')}
          data={[...KIOSK_TYPES]}
          description={TYPE_HELP[kioskType]}
          maw={320}
        />

        {kioskType === 'Single App' ? (
          <Stack gap="md" maw={560}>
            <PackageNameInput
              placeholder="com.android.chrome"
              description="Type it, or pick the app below."
              {...form.getInputProps('singleAppKioskPackageName')}
            />
            <PlayStoreSearch
              selected={form.values.singleAppKioskPackageName}
              onPick={(app) => form.setFieldValue('singleAppKioskPackageName', app.appId)}
            />
          </Stack>
        ) : null}

        {kioskType === 'Browser' ? (
          <Stack gap="md">
            <TextInput
              label="Website URL"
              placeholder="https://example.com"
              {...form.getInputProps('browserKioskWebsiteUrl')}
              size="sm"
              maw={560}
              autoComplete="off"
            />
            <TimeoutField {...form.getInputProps('browserKioskScreenTimeout')} />
            <BrightnessField {...form.getInputProps('browserKioskScreenBrightness')} />
            <OrientationField {...form.getInputProps('browserKioskScreenOrientation')} />
            <Switch
              label="Show address bar"
              {...form.getInputProps('browserKioskShowAddressBar', { type: 'checkbox' })}
            />
          </Stack>
        ) : null}

        {kioskType === 'Signage' ? (
          <Stack gap="md">
            <Input.Wrapper
              label="Video URLs"
              description="Played in this order. Empty rows are dropped when you save."
              error={form.errors.signageVideoLists}
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
                        setVideos(videos.map((v, j) => (j === i ? value : v)));
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
                        onClick={() => setVideos(videos.length > 1 ? videos.filter((_, j) => j !== i) : [''])}
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
                  onClick={() => setVideos([...videos, ''])}
                  w="fit-content"
                >
                  Add video
                </Button>
              </Stack>
            </Input.Wrapper>
            <TimeoutField {...form.getInputProps('signageKioskScreenTimeout')} />
            <BrightnessField {...form.getInputProps('signageKioskScreenBrightness')} />
            <OrientationField {...form.getInputProps('signageKioskScreenOrientation')} />
          </Stack>
        ) : null}

        <SaveRow pending={update.isPending} />
      </TabForm>

      {kioskType === 'Multi App' ? (
        <>
          <Divider />
          <ApplicationsList
            target={target}
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
