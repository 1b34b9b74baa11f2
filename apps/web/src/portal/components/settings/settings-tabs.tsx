import {
  ADVANCED_SETTINGS,
  POWER_CLEANER_SETTINGS,
  type AdvancedSettingKey,
  type PowerCleanerSettingKey,
} from '@fleetdeck/contract';
import { SwitchesForm } from './switches-form';
import { useTargetSave, type SettingsTarget } from './target';

export const SAMSUNG_NOTE = 'Works with Samsung devices only';

export const ADVANCED_SETTING_LABELS: Record<AdvancedSettingKey, string> = {
  disableFactoryReset: 'Disable factory reset',
  disableHomeKey: 'Disable Home key',
  disableBackKey: 'Disable Back key',
  disableRecentsKey: 'Disable Recents key',
  disablePowerKey: 'Disable Power key',
  disableVolumeUpKey: 'Disable Volume Up key',
  disableVolumeDownKey: 'Disable Volume Down key',
  DisableOSUpdates: 'Disable OS updates',
  DisableBluetooth: 'Disable Bluetooth',
  disableWiFi: 'Disable Wi-Fi',
  disableGPS: 'Disable GPS',
  disableMultiWindow: 'Disable multi-window',
  disableUsbDebugging: 'Disable USB debugging',
  disableUnknownSource: 'Disable installs from unknown sources',
  disableOverTheAir: 'Disable over-the-air updates',
  disbableBixbyPackages: 'Disable Bixby',
  disableCarboardAppsOnGearVR: 'Disable Cardboard apps on Gear VR',
  disableStatusBar: 'Disable status bar',
  disableFirmwareUpgrades: 'Disable firmware upgrades',
};

export const POWER_CLEANER_LABELS: Record<PowerCleanerSettingKey, string> = {
  clearBrowserCoockies: 'Clear browser cookies',
  clearCache: 'Clear cache',
  clearNotifications: 'Clear notifications',
  clearRecentApps: 'Clear recent apps',
  clearcallLogs: 'Clear call logs',
};

/** Advance Setting ({product}) and Setting (Super Lock): the 19 Samsung switches. */
export function AdvancedSettingsTab({ target }: { target: SettingsTarget }) {
  const update = useTargetSave(target, 'update');
  return (
    <SwitchesForm
      title="Advance Setting"
      description="Device restrictions sent to the device on Apply."
      note={SAMSUNG_NOTE}
      keys={ADVANCED_SETTINGS}
      labels={ADVANCED_SETTING_LABELS}
      initial={target.settings.advancedSettings}
      saving={update.isPending}
      onSave={(advancedSettings) => update.mutate({ profileId: target.id, advancedSettings })}
    />
  );
}

/** Power Cleaner's Settings (and Super Lock's Cleaner Apps › Settings): what the cleaner clears. */
export function PowerCleanerSettingsTab({ target }: { target: SettingsTarget }) {
  const update = useTargetSave(target, 'powerCleaner');
  return (
    <SwitchesForm
      title="Settings"
      description="What the cleaner clears on the device."
      keys={POWER_CLEANER_SETTINGS}
      labels={POWER_CLEANER_LABELS}
      initial={target.settings.powerCleanerSettings}
      saving={update.isPending}
      onSave={(powerCleanerSettings) => update.mutate({ profileId: target.id, powerCleanerSettings })}
    />
  );
}
