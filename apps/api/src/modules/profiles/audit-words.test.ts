import { describe, expect, it } from 'vitest';
import { advancedSettingsWords, cleanerSettingsWords, keyEventWords } from './audit-words.ts';
import type { ProfileSettings } from './settings.ts';

describe('audit messages in plain words', () => {
  const off = {} as ProfileSettings['advancedSettings'];

  it('lists only the switches that changed, never field names', () => {
    expect(
      advancedSettingsWords(off, { disableFactoryReset: true, disbableBixbyPackages: true, disableGPS: false }),
    ).toBe('Disabled factory reset and Bixby');
    expect(
      advancedSettingsWords(
        { ...off, DisableBluetooth: true, disableWiFi: true },
        { DisableBluetooth: false, disableWiFi: true },
      ),
    ).toBe('Enabled Bluetooth again');
    expect(advancedSettingsWords(off, { disableHomeKey: false })).toBeNull();
    expect(
      cleanerSettingsWords({} as ProfileSettings['powerCleanerSettings'], {
        clearBrowserCoockies: true,
        clearcallLogs: true,
      }),
    ).toBe('The cleaner now clears browser cookies and call logs');
  });

  it('names keys and events as people say them', () => {
    expect(keyEventWords('VOLUME_UP_KEY', 'LONG_PRESS')).toBe('Volume up, long press');
    expect(keyEventWords('HOME_KEY', 'DOUBLE_TAP')).toBe('Home, double tap');
  });
});
