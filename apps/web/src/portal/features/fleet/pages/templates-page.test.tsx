import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import {
  API,
  currentLocation,
  listAnswer,
  listItem,
  queriesTo,
  renderTemplatePages,
  signedIn,
  template,
  TEMPLATE_ID,
  templateAnswer,
} from '../testing/template-fixtures';

const row = (id: string, name: string, family: 'SL' | 'UB', version: number, groupCount: number) => ({
  _id: id,
  name,
  family,
  version,
  groupCount,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T10:30:00.000Z',
});
const list = (rows: ReturnType<typeof row>[]) => ({
  body: { respones_msg: 'Templates', data: rows, pagination: { page: 1, limit: 25, total: rows.length } },
});
const DEVICE_ID = '5e8a1c2b-7d3f-4a6e-9b0c-1d2e3f4a5b6c';

describe('Templates page', () => {
  it('lists name, family, version and groups using each; the family filter asks the server', async () => {
    const api = mockApi({
      ...signedIn,
      [`GET ${API}/templates`]: list([
        row(TEMPLATE_ID, 'Front desk tablets', 'SL', 3, 2),
        row('7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Kiosk browsers', 'UB', 1, 0),
      ]),
    });
    const { user } = renderTemplatePages('/templates');
    const table = await screen.findByRole('table');
    const first = (await within(table).findByRole('link', { name: 'Front desk tablets' })).closest('tr')!;
    expect(within(first).getByText('Super Lock')).toBeInTheDocument();
    expect(within(first).getByText('v3')).toBeInTheDocument();
    expect(within(first).getByText('2 groups')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Front desk tablets' })).toHaveAttribute(
      'href',
      `/template-detail?id=${TEMPLATE_ID}`,
    );
    const second = within(table).getByText('Kiosk browsers').closest('tr')!;
    expect(within(second).getByText('URL Blocker')).toBeInTheDocument();
    expect(within(second).getByText('None')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Family', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Super Lock', hidden: true }));
    await waitFor(() => expect(queriesTo(api.fetchMock, 'GET', `${API}/templates`).at(-1)?.get('family')).toBe('SL'));
    expect(currentLocation()).toContain('family=SL');
  });

  it('shows the empty list in words', async () => {
    mockApi({
      ...signedIn,
      [`GET ${API}/templates`]: list([]),
    });
    renderTemplatePages('/templates');
    expect(await screen.findByText(/No templates yet/)).toBeInTheDocument();
  });

  it('New template: asks for the device first, then sends the name and the chosen device and opens the template', async () => {
    const api = mockApi({
      ...signedIn,
      [`GET ${API}/templates`]: list([]),
      [`GET ${API}/profile/list`]: listAnswer([
        listItem(DEVICE_ID, 'SL', { name: 'R58N123ABC', profileName: 'Front desk tablet' }),
      ]),
      [`POST ${API}/templates`]: templateAnswer(template({ version: 1 }), 'Template created.'),
      [`GET ${API}/templates/${TEMPLATE_ID}`]: templateAnswer(template({ version: 1 })),
    });
    const { user } = renderTemplatePages('/templates');
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Front desk tablets');
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(
      await within(dialog).findByText('Choose the device whose settings the template starts from'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${API}/templates`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Device/, { selector: 'input' }), 'R58N');
    await waitFor(() =>
      expect(queriesTo(api.fetchMock, 'GET', `${API}/profile/list`).at(-1)?.get('search')).toBe('R58N'),
    );
    await user.click(await screen.findByRole('option', { name: 'R58N123ABC · Front desk tablet (SL)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/templates`)[0]?.body).toEqual({
        name: 'Front desk tablets',
        fromProfileId: DEVICE_ID,
      }),
    );
    await waitFor(() => expect(currentLocation()).toBe(`/template-detail?id=${TEMPLATE_ID}`));
    expect(await screen.findByRole('tablist', { name: 'Template settings' })).toBeInTheDocument();
  });
});
