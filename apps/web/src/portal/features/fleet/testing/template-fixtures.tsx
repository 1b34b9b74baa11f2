import type { Template, TemplateSettings } from '@fleetdeck/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProvider } from '@/shared/app/provider';
import { createQueryClient } from '@/shared/lib/query-client';
import { sampleUser } from '@/test/mock-api';
import { profile } from '../../profiles/testing/fixtures';
import { TemplateDetailPage } from '../pages/template-detail-page';
import { TemplatesPage } from '../pages/templates-page';

export { API, listAnswer, listItem, queriesTo } from '../../profiles/testing/fixtures';

export const TEMPLATE_ID = '0b6f2a4c-3d1e-4f5a-8b7c-9d0e1f2a3b4c';

/** A template's settings: those of the profiles' sample device. */
export const settings = (overrides: Partial<TemplateSettings> = {}): TemplateSettings => {
  const p = profile();
  return {
    pin: p.pin,
    advancedSettings: p.advancedSettings,
    blockUrl: p.blockUrl,
    blockFileUrl: p.blockFileUrl,
    profileFiles: p.profileFiles,
    keyMapper: p.keyMapper,
    powerCleanerSettings: p.powerCleanerSettings,
    enablePowerOnBoot: p.enablePowerOnBoot,
    shutdownOnDisconnect: p.shutdownOnDisconnect,
    scheduleShutdown: p.scheduleShutdown,
    kioskType: p.kioskType,
    singleAppKioskPackageName: p.singleAppKioskPackageName,
    browserKioskWebsiteUrl: p.browserKioskWebsiteUrl,
    browserKioskScreenTimeout: p.browserKioskScreenTimeout,
    browserKioskScreenBrightness: p.browserKioskScreenBrightness,
    browserKioskScreenOrientation: p.browserKioskScreenOrientation,
    browserKioskShowAddressBar: p.browserKioskShowAddressBar,
    signageVideoLists: p.signageVideoLists,
    signageKioskScreenTimeout: p.signageKioskScreenTimeout,
    signageKioskScreenBrightness: p.signageKioskScreenBrightness,
    signageKioskScreenOrientation: p.signageKioskScreenOrientation,
    profileApplications: [],
    ...overrides,
  };
};

export const template = (overrides: Partial<Template> = {}): Template => ({
  _id: TEMPLATE_ID,
  name: 'Front desk tablets',
  family: 'SL',
  version: 2,
  settings: settings(),
  versions: [
    { version: 1, created_at: '2026-11-01T09:00:00.000Z', createdBy: 'jane@acme.test', changes: [] },
    {
      version: 2,
      created_at: '2026-11-02T10:30:00.000Z',
      createdBy: 'sam@acme.test',
      changes: ['Disabled factory reset and Bixby', 'Blocked games.example.com'],
    },
  ],
  groupCount: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T10:30:00.000Z',
  ...overrides,
});

/** The console's own call: who is signed in (their role decides which buttons show). */
export const signedIn = { 'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } } };

export const templateAnswer = (t: Template, respones_msg = 'Template') => ({ body: { respones_msg, data: t } });

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * The two template pages under their paths (`/templates`, `/template-detail`), with the app's providers, at `url`.
 * The route table registers them with the sidebar; these tests render the pages alone.
 */
export function renderTemplatePages(url: string) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/templates" element={<TemplatesPage />} />
          <Route path="/template-detail" element={<TemplateDetailPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user };
}

export const currentLocation = () => screen.getByTestId('location').textContent;
