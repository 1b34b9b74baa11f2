import type { TeamInvite, TeamMember } from '@fleetdeck/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { group, id, page } from '@/portal/features/fleet/testing/fixtures';
import { choose } from '@/portal/features/fleet/testing/select';
import { shellRoutes } from '@/portal/features/profiles/testing/fixtures';
import { detailAs } from '@/test/members';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

const TEAM = '/api/v1/admin/team';

const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  _id: id(11),
  name: 'Jane Cooper',
  email: 'jane@acme.test',
  role: 'Owner',
  groupIds: null,
  groups: [],
  isRegistrant: true,
  enable_two_step_email_verification: true,
  created_at: '2026-01-01T10:00:00.000Z',
  last_login_at: '2026-11-28T09:30:00.000Z',
  ...overrides,
});
const sam = member({
  _id: id(12),
  name: 'Sam Rivera',
  email: 'sam@acme.test',
  role: 'Technician',
  groupIds: [id(2)],
  groups: [{ _id: id(2), name: 'Warehouse' }],
  isRegistrant: false,
  enable_two_step_email_verification: false,
  last_login_at: null,
});
const invite = (overrides: Partial<TeamInvite> = {}): TeamInvite => ({
  _id: id(21),
  email: 'lee@acme.test',
  role: 'Viewer',
  groupIds: null,
  groups: [],
  invited_by: 'Jane Cooper',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-11-08T10:00:00.000Z',
  expired: true,
  ...overrides,
});
const teamAnswer = (members = [member(), sam], invites = [invite()]) => ({
  body: { respones_msg: 'OK', data: { members, invites } },
});
const groups = page([group(), group({ _id: id(2), name: 'Warehouse' })]);

describe('Team (/team)', () => {
  it('lists the members (the registrant marked, groups by name, two-step, last sign-in) and the invites', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, [`GET ${TEAM}`]: teamAnswer() });
    renderApp('/team');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Sam Rivera');
    const [, jane, samRow] = within(table).getAllByRole('row');
    expect(within(jane!).getByText('Registrant')).toBeInTheDocument();
    expect(within(jane!).getByText('Every group')).toBeInTheDocument();
    expect(within(jane!).getByText('On')).toBeInTheDocument();
    expect(within(samRow!).getByText('Warehouse')).toBeInTheDocument();
    expect(within(samRow!).getByText('Never')).toBeInTheDocument();
    expect(within(samRow!).queryByText('Registrant')).not.toBeInTheDocument();
    const invites = screen.getByRole('region', { name: 'Pending invites' });
    expect(within(invites).getByText('lee@acme.test')).toBeInTheDocument();
    expect(within(invites).getByText('Expired')).toBeInTheDocument();
  });

  it('is in the account menu of a member who manages the team (an Owner)', async () => {
    window.localStorage.setItem('token', 'tok');
    mockApi({ ...shellRoutes, ...detailAs('Owner') });
    const { user } = renderApp('/change-password');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Team', hidden: true }));
    await waitFor(() => expect(currentLocation()).toBe('/team'));
  });

  it('invites a member with a role and groups', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${TEAM}`]: teamAnswer(),
      [`GET /api/v1/admin/groups`]: groups,
      [`POST ${TEAM}/invite`]: { body: { respones_msg: 'Invite sent', data: invite({ expired: false }) } },
    });
    const { user } = renderApp('/team');
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'lee@acme.test');
    await choose(user, 'Role', /^Technician/, dialog);
    expect(within(dialog).getByText(/logs out one device at a time/)).toBeInTheDocument();
    await choose(user, 'Groups', 'Warehouse (PD)', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(api.callsTo('POST', `${TEAM}/invite`)).toHaveLength(1));
    expect(api.callsTo('POST', `${TEAM}/invite`)[0]?.body).toEqual({
      email: 'lee@acme.test',
      role: 'Technician',
      groupIds: [id(2)],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite member' })).not.toBeInTheDocument());
  });

  it("changes a member's role (every group for a role without groups) and shows the server's refusal", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${TEAM}`]: teamAnswer(),
      [`GET /api/v1/admin/groups`]: groups,
      [`PUT ${TEAM}/${id(11)}`]: {
        status: 409,
        body: { respones_msg: 'An account keeps at least one Owner.', code: 'E_LAST_OWNER' },
      },
      [`PUT ${TEAM}/${id(12)}`]: { body: { respones_msg: 'Member updated', data: { ...sam, role: 'Billing' } } },
    });
    const { user } = renderApp('/team');
    await user.click(await screen.findByRole('button', { name: 'Change the role of Sam Rivera' }));
    let dialog = await screen.findByRole('dialog', { name: 'Role of Sam Rivera' });
    expect(within(dialog).getByText(/^Warehouse/)).toBeInTheDocument();
    await choose(user, 'Role', /^Billing/, dialog);
    expect(within(dialog).queryByLabelText('Groups')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${TEAM}/${id(12)}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${TEAM}/${id(12)}`)[0]?.body).toEqual({ role: 'Billing', groupIds: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change the role of Jane Cooper' }));
    dialog = await screen.findByRole('dialog', { name: 'Role of Jane Cooper' });
    await choose(user, 'Role', /^Viewer/, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An account keeps at least one Owner.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Role of Jane Cooper' })).toBeInTheDocument();
  });

  it('asks before removing a member, naming them and that their sessions end now', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${TEAM}`]: teamAnswer(),
      [`DELETE ${TEAM}/${id(12)}`]: { body: { respones_msg: 'Sam Rivera was removed' } },
    });
    const { user } = renderApp('/team');
    await user.click(await screen.findByRole('button', { name: 'Remove Sam Rivera' }));
    // The registrant cannot be removed: no button for them.
    expect(screen.queryByRole('button', { name: 'Remove Jane Cooper' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Rivera?' });
    expect(dialog).toHaveTextContent('Sam Rivera (sam@acme.test)');
    expect(dialog).toHaveTextContent('their sessions end now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `${TEAM}/${id(12)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Sam Rivera' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Sam Rivera?' })).getByRole('button', {
        name: 'Remove member',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', `${TEAM}/${id(12)}`)).toHaveLength(1));
    expect(api.callsTo('GET', TEAM).length).toBeGreaterThan(1);
  });

  it('resends an invite, and revokes one after asking', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({
      ...shellRoutes,
      [`GET ${TEAM}`]: teamAnswer(),
      [`POST ${TEAM}/invites/${id(21)}/resend`]: { body: { respones_msg: 'Invite sent again', data: invite() } },
      [`DELETE ${TEAM}/invites/${id(21)}`]: { body: { respones_msg: 'Invite revoked' } },
    });
    const { user } = renderApp('/team');
    await user.click(await screen.findByRole('button', { name: 'Resend the invite for lee@acme.test' }));
    await waitFor(() => expect(api.callsTo('POST', `${TEAM}/invites/${id(21)}/resend`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Revoke the invite for lee@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite?' });
    expect(dialog).toHaveTextContent('lee@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${TEAM}/invites/${id(21)}`)).toHaveLength(1));
  });

  it('is open only with team.manage: an Admin is sent to the dashboard and has no Team in the account menu', async () => {
    window.localStorage.setItem('token', 'tok');
    const api = mockApi({ ...shellRoutes, ...detailAs('Admin') });
    const { user } = renderApp('/team');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(api.callsTo('GET', TEAM)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    // The menu is still opening (its items are hidden to the accessibility tree until its transition ends).
    expect(await screen.findByRole('menuitem', { name: 'Change Password', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Team', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByText('Role: Admin')).toBeInTheDocument();
    expect(screen.getAllByText('Sam Rivera').length).toBeGreaterThan(0);
  });
});
