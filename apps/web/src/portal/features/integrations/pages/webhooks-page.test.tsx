import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { id } from '@/portal/features/fleet/testing/fixtures';
import { choose } from '@/portal/features/fleet/testing/select';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { detailAs } from '@/test/members';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';
import { delivery, endpoint, list, WEBHOOKS } from '../testing/fixtures';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ONE = `${WEBHOOKS}/${id(41)}`;
const off = endpoint({
  _id: id(42),
  url: 'https://old.acme.test/hook',
  description: '',
  events: ['device.enrolled', 'device.logged_out', 'policy.applied', 'policy.failed', 'payment.failed'],
  enabled: false,
  disabledReason: 'Failing since 2026-11-24: disabled after 3 days',
  failingSince: '2026-11-24T08:00:00.000Z',
  lastSuccessAt: null,
});

describe('Webhooks (/webhooks)', () => {
  it('lists the endpoints: URL, events, state with the reason it is off, failing since, last success', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${WEBHOOKS}`]: list([endpoint(), off]) });
    renderApp('/webhooks');
    const table = await screen.findByRole('table', { name: 'Endpoints' });
    await within(table).findByText('https://hooks.acme.test/fleet');
    const [, on, disabled] = within(table).getAllByRole('row');
    expect(within(on!).getByText('Inventory')).toBeInTheDocument();
    expect(within(on!).getByText('2 events')).toBeInTheDocument();
    expect(within(on!).getByText('command.failed')).toBeInTheDocument();
    expect(within(on!).getByText('Enabled')).toBeInTheDocument();
    expect(within(on!).getByText('28 Nov 2026, 09:30')).toBeInTheDocument();
    expect(within(disabled!).getByText('5 events')).toBeInTheDocument();
    expect(within(disabled!).getByText('+2')).toBeInTheDocument();
    expect(within(disabled!).getByText('Disabled')).toBeInTheDocument();
    expect(within(disabled!).getByText('Failing since 2026-11-24: disabled after 3 days')).toBeInTheDocument();
    expect(within(disabled!).getByText('24 Nov 2026, 08:00')).toBeInTheDocument();
    expect(within(disabled!).getByText('Never')).toBeInTheDocument();
  });

  it('says what an endpoint is while there is none', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${WEBHOOKS}`]: list([]) });
    renderApp('/webhooks');
    expect(await screen.findByText(/No endpoints yet\. An endpoint is an https address of yours/)).toBeInTheDocument();
  });

  it('adds an endpoint with its events (grouped, each described) and shows the signing secret once', async () => {
    window.localStorage.setItem('token', 'tok');
    let created = false;
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: () => list(created ? [endpoint()] : []),
      [`POST ${WEBHOOKS}`]: () => {
        created = true;
        return { body: { respones_msg: 'Endpoint added', data: { ...endpoint(), secret: SECRET } } };
      },
    });
    const { user } = renderApp('/webhooks');
    await screen.findByText(/No endpoints yet/);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const devices = within(dialog).getByRole('group', { name: 'Devices' });
    expect(within(dialog).getByText('A staged rollout completed')).toBeInTheDocument();
    // Pasted, not typed: a key press each re-renders the dialog's twelve checkboxes.
    await user.click(within(dialog).getByRole('textbox', { name: /URL/ }));
    await user.paste('https://hooks.acme.test/fleet');
    await user.click(within(devices).getByRole('checkbox', { name: /device\.enrolled/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /command\.failed/ }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('Inventory');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.callsTo('POST', WEBHOOKS)).toHaveLength(1));
    expect(api.callsTo('POST', WEBHOOKS)[0]?.body).toEqual({
      url: 'https://hooks.acme.test/fleet',
      events: ['device.enrolled', 'command.failed'],
      description: 'Inventory',
    });
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText('You will not see this secret again')).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(await screen.findByRole('table', { name: 'Endpoints' })).toHaveTextContent('https://hooks.acme.test/fleet');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's field error for a URL it refuses", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([]),
      [`POST ${WEBHOOKS}`]: {
        status: 400,
        body: {
          respones_msg: 'url: must resolve to a public address',
          code: 'E_VALIDATION',
          errors: [{ field: 'url', message: 'must resolve to a public address' }],
        },
      },
    });
    const { user } = renderApp('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /URL/ });
    await user.click(url);
    await user.paste('https://localhost:8080/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /payment\.failed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('URL must resolve to a public address')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', WEBHOOKS)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('edits an endpoint and turns a disabled one back on', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([off]),
      [`PUT ${WEBHOOKS}/${id(42)}`]: { body: { respones_msg: 'Endpoint updated', data: { ...off, enabled: true } } },
    });
    const { user } = renderApp('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Edit https://old.acme.test/hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByRole('checkbox', { name: /payment\.failed/ })).toBeChecked();
    expect(within(dialog).getByText('Failing since 2026-11-24: disabled after 3 days')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /payment\.failed/ }));
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${WEBHOOKS}/${id(42)}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${WEBHOOKS}/${id(42)}`)[0]?.body).toEqual({
      url: 'https://old.acme.test/hook',
      events: ['device.enrolled', 'device.logged_out', 'policy.applied', 'policy.failed'],
      description: '',
      enabled: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rotates the secret after asking (the old one stops signing at once) and shows the new one once', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`POST ${ONE}/rotate-secret`]: {
        body: { respones_msg: 'Secret rotated', data: { ...endpoint(), secret: SECRET } },
      },
    });
    const { user } = renderApp('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Rotate the secret of https://hooks.acme.test/fleet' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(ask).toHaveTextContent('the old secret stops signing at once');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `${ONE}/rotate-secret`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate the secret of https://hooks.acme.test/fleet' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', {
        name: 'Rotate secret',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', `${ONE}/rotate-secret`)).toHaveLength(1));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument());
  });

  it('sends a test event, and deletes an endpoint after asking', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`POST ${ONE}/test`]: {
        body: { respones_msg: 'Test event queued', data: delivery({ event: 'webhook.test', state: 'pending' }) },
      },
      [`DELETE ${ONE}`]: { body: { respones_msg: 'Endpoint deleted' } },
    });
    const { user } = renderApp('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Send a test event to https://hooks.acme.test/fleet' }));
    await waitFor(() => expect(api.callsTo('POST', `${ONE}/test`)).toHaveLength(1));
    expect(await screen.findByText('Test event queued')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.acme.test/fleet' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(ask).toHaveTextContent('https://hooks.acme.test/fleet gets no more events');
    await user.click(within(ask).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(api.callsTo('DELETE', ONE)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', WEBHOOKS).length).toBeGreaterThan(1));
  });

  it('is closed to a Viewer: sent home without asking the server', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, ...detailAs('Viewer') });
    renderApp('/webhooks');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(api.callsTo('GET', WEBHOOKS)).toHaveLength(0);
  });
});

describe('A webhook endpoint (/webhook-detail?id=)', () => {
  const DELIVERIES = `${ONE}/deliveries`;
  const page2 = delivery({ _id: id(60), event: 'command.failed', state: 'succeeded', lastStatus: 200 });

  it('shows the endpoint and its delivery log, paged by the server and filtered by state', async () => {
    window.localStorage.setItem('token', 'tok');
    const queries: string[] = [];
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`GET ${DELIVERIES}`]: (call: RecordedCall) => {
        const query = call.query;
        queries.push(new URLSearchParams(query).toString());
        const rows =
          query.state === 'pending'
            ? [
                delivery({
                  _id: id(61),
                  state: 'pending',
                  attempts: 2,
                  lastStatus: null,
                  lastResponse: 'Timed out after 10 s',
                  nextRetryAt: '2026-11-28T10:30:00.000Z',
                }),
              ]
            : query.page === '2'
              ? [page2]
              : [delivery()];
        return { body: { respones_msg: 'OK', data: rows, pagination: { page: 1, limit: 25, total: 30 } } };
      },
    });
    const { user } = renderApp(`/webhook-detail?id=${id(41)}`);
    expect(await screen.findByText('https://hooks.acme.test/fleet')).toBeInTheDocument();
    expect(screen.getByText('whsec_Xy9…')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(table).findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('device.enrolled');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(row).toHaveTextContent('8 of 8');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('Internal Server Error');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('command.failed');
    expect(within(table).getByText('Succeeded')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('page=2');

    await choose(user, 'State', 'Pending');
    await within(table).findByText('Timed out after 10 s');
    expect(within(table).getByText('No answer')).toBeInTheDocument();
    expect(within(table).getByText('28 Nov 2026, 10:30')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('state=pending');
    expect(queries.at(-1)).toContain('page=1');
    expect(currentLocation()).toContain('state=pending');
    expect(api.callsTo('GET', DELIVERIES).length).toBeGreaterThanOrEqual(3);
  });

  it('retries a delivery now and reads the log again', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`GET ${DELIVERIES}`]: {
        body: { respones_msg: 'OK', data: [delivery()], pagination: { page: 1, limit: 10, total: 1 } },
      },
      [`POST ${DELIVERIES}/${id(51)}/retry`]: {
        body: { respones_msg: 'Delivery queued again', data: delivery({ state: 'pending', attempts: 0 }) },
      },
    });
    const { user } = renderApp(`/webhook-detail?id=${id(41)}`);
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    await user.click(await within(table).findByRole('button', { name: /^Retry device\.enrolled/ }));
    await waitFor(() => expect(api.callsTo('POST', `${DELIVERIES}/${id(51)}/retry`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', DELIVERIES).length).toBeGreaterThan(1));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
  });

  it('has its loading, empty and error states', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`GET ${DELIVERIES}`]: { body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 10, total: 0 } } },
    });
    const view = renderApp(`/webhook-detail?id=${id(41)}`);
    expect(await screen.findByText('No deliveries yet. Send a test event to see one here.')).toBeInTheDocument();
    view.unmount();

    mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`GET ${DELIVERIES}`]: { status: 500, body: { respones_msg: 'Something went wrong', code: 'E_INTERNAL' } },
    });
    const failing = renderApp(`/webhook-detail?id=${id(41)}`);
    expect(await screen.findByText('The deliveries could not load')).toBeInTheDocument();
    failing.unmount();

    // An id the account has no endpoint with; no id at all.
    mockApi({ ...shellRoutes, [`GET ${WEBHOOKS}`]: list([endpoint()]) });
    const unknown = renderApp(`/webhook-detail?id=${id(99)}`);
    expect(await screen.findByText(/This endpoint does not exist/)).toBeInTheDocument();
    unknown.unmount();
    renderApp('/webhook-detail');
    expect(await screen.findByText('Choose a webhook from the Webhooks page.')).toBeInTheDocument();
  });

  it('deletes the endpoint from its page and goes back to the list', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${WEBHOOKS}`]: list([endpoint()]),
      [`GET ${DELIVERIES}`]: { body: { respones_msg: 'OK', data: [], pagination: { page: 1, limit: 10, total: 0 } } },
      [`DELETE ${ONE}`]: { body: { respones_msg: 'Endpoint deleted' } },
    });
    const { user } = renderApp(`/webhook-detail?id=${id(41)}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', {
        name: 'Delete endpoint',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', ONE)).toHaveLength(1));
    await waitFor(() => expect(currentLocation()).toBe('/webhooks'));
  });
});
