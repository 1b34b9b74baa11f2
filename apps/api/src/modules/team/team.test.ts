import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fleetApi, licencesApi, teamApi, usersApi, type TeamInvite } from '@fleetdeck/contract';
import { accountInvites, auditEntries } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newMember, randomIp, type TestCustomer } from '../../../test/support/factory.ts';
import { STRONG_PASSWORD, linkParams, uniqueEmail } from '../../../test/support/helpers.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';
import { startFileRuntime } from '../../../test/support/suites.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startFileRuntime();
});
afterAll(() => rt.close());

/** The token of the invite link emailed to `email` (the latest one). */
async function inviteToken(email: string, previous?: string) {
  const mail = await rt.smtp.waitFor(
    email,
    (m) => m.subject.startsWith('You are invited') && (!previous || !m.text.includes(previous)),
  );
  const match = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invite link in: ${mail.text}`);
  return match[1]!;
}

async function invite(owner: TestCustomer, body: { email: string; role: string; groupIds?: string[] | null }) {
  return call(rt, teamApi.teamInvite, { token: owner.token, body: body as never });
}

const login = (email: string, password = STRONG_PASSWORD) =>
  call(rt, usersApi.login, { body: { email, password }, ip: randomIp() });

describe('invite and accept (DECISIONS §12)', () => {
  it('emails a single-use link; the member signs in with their own email and has their role', async () => {
    const owner = await newCustomer(rt, { name: 'Acme IT' });
    const email = uniqueEmail('tech');
    const sent = (await invite(owner, { email, role: 'Technician' })).data().data;
    expect(sent).toMatchObject({ email, role: 'Technician', groupIds: null, expired: false, invited_by: 'Acme IT' });
    const days = (Date.parse(sent.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await inviteToken(email);
    const accepted = await call(rt, teamApi.teamAccept, {
      body: { token, name: 'Tess Tech', password: STRONG_PASSWORD },
    });
    expect(accepted.data().data.email).toBe(email);

    // Once: the same link again is refused with what to do.
    const again = await call(rt, teamApi.teamAccept, { body: { token, name: 'Tess', password: STRONG_PASSWORD } });
    expect(again.statusCode).toBe(400);
    expect(again.error()).toMatchObject({ code: 'E_LINK_USED' });
    expect(again.error().respones_msg).toMatch(/accepted already\. Sign in/);

    const signedIn = (await login(email)).data();
    const memberToken = signedIn.data!.token;
    const me = (await call(rt, usersApi.detail, { token: memberToken })).data().data;
    expect(me.member).toMatchObject({ name: 'Tess Tech', email, role: 'Technician' });
    expect(me.member!.permissions).toEqual(['fleet.read', 'fleet.write']);
    expect(me.email).toBe(owner.email); // the account stays the account
    expect((await call(rt, licencesApi.dashboard, { token: memberToken })).statusCode).toBe(200);
    expect((await call(rt, teamApi.teamList, { token: memberToken })).statusCode).toBe(403);

    const team = (await call(rt, teamApi.teamList, { token: owner.token })).data().data;
    expect(team.invites).toEqual([]);
    expect(team.members.map((m) => [m.name, m.role, m.isRegistrant])).toEqual([
      ['Acme IT', 'Owner', true],
      ['Tess Tech', 'Technician', false],
    ]);
    expect(team.members[1]!.last_login_at).not.toBeNull();
  });

  it('refuses expired, withdrawn and unknown links with clear messages, and weak passwords', async () => {
    const owner = await newCustomer(rt);
    const email = uniqueEmail('late');
    const sent = (await invite(owner, { email, role: 'Viewer' })).data().data;
    const token = await inviteToken(email);

    const weak = await call(rt, teamApi.teamAccept, { body: { token, name: 'V', password: 'password123' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.error().code).toBe('E_PASSWORD_WEAK');

    await rt.ctx.db
      .update(accountInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountInvites.id, sent._id));
    const expired = await call(rt, teamApi.teamAccept, { body: { token, name: 'V', password: STRONG_PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.error()).toMatchObject({ code: 'E_LINK_EXPIRED' });
    expect(expired.error().respones_msg).toMatch(/expired .* send it again/);
    expect((await call(rt, teamApi.teamList, { token: owner.token })).data().data.invites[0]!.expired).toBe(true);

    // Resending gives a new link valid 7 days; the old one stays dead.
    const resent = (await call(rt, teamApi.teamInviteResend, { token: owner.token, params: { id: sent._id } })).data();
    expect(resent.data.expired).toBe(false);
    const fresh = await inviteToken(email, token);
    expect(fresh).not.toBe(token);
    expect(
      (await call(rt, teamApi.teamAccept, { body: { token, name: 'V', password: STRONG_PASSWORD } })).statusCode,
    ).toBe(400);

    // Withdrawn: the fresh link stops working too.
    (await call(rt, teamApi.teamInviteRevoke, { token: owner.token, params: { id: sent._id } })).data();
    const withdrawn = await call(rt, teamApi.teamAccept, {
      body: { token: fresh, name: 'V', password: STRONG_PASSWORD },
    });
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.error().respones_msg).toMatch(/withdrawn/);

    const unknown = await call(rt, teamApi.teamAccept, {
      body: { token: 'x'.repeat(43), name: 'V', password: STRONG_PASSWORD },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toMatchObject({ code: 'E_LINK_INVALID' });
  });

  it('refuses an email of another account, a second pending invite and groups for roles that see everything', async () => {
    const owner = await newCustomer(rt);
    const other = await newCustomer(rt);
    const taken = await invite(owner, { email: other.email, role: 'Viewer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().code).toBe('E_EMAIL_TAKEN');

    const email = uniqueEmail('twice');
    (await invite(owner, { email, role: 'Viewer' })).data();
    const twice = await invite(owner, { email, role: 'Admin' });
    expect(twice.statusCode).toBe(409);
    expect(twice.error().respones_msg).toMatch(/pending invite already/);

    const group = (
      await call(rt, fleetApi.groupCreate, { token: owner.token, body: { name: 'Front desk', family: 'PD' } })
    ).data().data;
    const billingWithGroups = await invite(owner, { email: uniqueEmail(), role: 'Billing', groupIds: [group._id] });
    expect(billingWithGroups.statusCode).toBe(400);
    expect(billingWithGroups.error().respones_msg).toMatch(/only Admin, Technician, Viewer members can be limited/);
    const othersGroup = (
      await call(rt, fleetApi.groupCreate, { token: other.token, body: { name: 'Theirs', family: 'PD' } })
    ).data().data;
    const foreign = await invite(owner, { email: uniqueEmail(), role: 'Technician', groupIds: [othersGroup._id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.error().respones_msg).toMatch(/does not exist in this account/);
    const scoped = (await invite(owner, { email: uniqueEmail(), role: 'Technician', groupIds: [group._id] })).data();
    expect(scoped.data.groups).toEqual([{ _id: group._id, name: 'Front desk' }]);

    // A member's email cannot register an account of its own either.
    const member = await newMember(rt, owner, 'Viewer');
    const register = await call(rt, usersApi.register, {
      body: { name: 'Me', email: member.email, password: STRONG_PASSWORD },
      ip: randomIp(),
    });
    expect(register.statusCode).toBe(409);
  });
});

describe('roles, removal and the last Owner', () => {
  it('ends a removed member’s sessions at once and keeps at least one Owner', async () => {
    const owner = await newCustomer(rt);
    const team = async () => (await call(rt, teamApi.teamList, { token: owner.token })).data().data.members;
    const registrantId = (await team())[0]!._id;

    const demoteLast = await call(rt, teamApi.teamUpdate, {
      token: owner.token,
      params: { id: registrantId },
      body: { role: 'Admin' },
    });
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.error().respones_msg).toMatch(/at least one Owner/);

    const second = await newMember(rt, owner, 'Owner');
    // Two Owners: the registrant can be demoted; the other Owner then cannot.
    const demoted = await call(rt, teamApi.teamUpdate, {
      token: second.token,
      params: { id: registrantId },
      body: { role: 'Admin' },
    });
    expect(demoted.data().data.role).toBe('Admin');
    expect((await call(rt, teamApi.teamList, { token: owner.token })).statusCode).toBe(403); // applies at once
    const removeLast = await call(rt, teamApi.teamRemove, { token: second.token, params: { id: second.id } });
    expect(removeLast.statusCode).toBe(409);
    const removeRegistrant = await call(rt, teamApi.teamRemove, { token: second.token, params: { id: registrantId } });
    expect(removeRegistrant.statusCode).toBe(409);
    expect(removeRegistrant.error().respones_msg).toMatch(/registrant cannot be removed/);

    const tech = await newMember(rt, owner, 'Technician');
    expect((await call(rt, licencesApi.dashboard, { token: tech.token })).statusCode).toBe(200);
    (await call(rt, teamApi.teamRemove, { token: second.token, params: { id: tech.id } })).data();
    const after = await call(rt, licencesApi.dashboard, { token: tech.token });
    expect(after.statusCode).toBe(401);
    expect((await login(tech.email)).statusCode).toBe(401);
    expect((await call(rt, teamApi.teamList, { token: second.token })).data().data.members.map((m) => m._id)).toEqual([
      registrantId,
      second.id,
    ]);

    // Another account's member id is not found.
    const stranger = await newCustomer(rt);
    const foreign = await call(rt, teamApi.teamUpdate, {
      token: stranger.token,
      params: { id: second.id },
      body: { role: 'Viewer' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('writes who did it in the audit: the member, not the account', async () => {
    const owner = await newCustomer(rt);
    const admin = await newMember(rt, owner, 'Admin');
    (await call(rt, fleetApi.groupCreate, { token: admin.token, body: { name: 'By admin', family: 'PD' } })).data();
    const rows = await rt.ctx.db
      .select({ kind: auditEntries.actorKind, id: auditEntries.actorId, message: auditEntries.message })
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, owner.id), eq(auditEntries.subType, 'Group')));
    expect(rows).toEqual([expect.objectContaining({ kind: 'member', id: admin.id })]);
  });

  it('lets a member use two-step, reset and change their own password without touching the Owner', async () => {
    const owner = await newCustomer(rt);
    const member = await newMember(rt, owner, 'Viewer');
    (
      await call(rt, usersApi.updateSecuritySetting, {
        token: member.token,
        body: { enable_two_step_email_verification: true },
      })
    ).data();
    const me = (await call(rt, usersApi.detail, { token: member.token })).data().data;
    expect(me.enable_two_step_email_verification).toBe(true);
    expect(
      (await call(rt, usersApi.detail, { token: owner.token })).data().data.enable_two_step_email_verification,
    ).toBe(false);

    const first = (await login(member.email)).data();
    expect(first.enable_two_step_email_verification).toBe(true);
    const mail = await rt.smtp.waitFor(member.email, (m) => m.subject.includes('login code'));
    const otp = /code is (\d+)/.exec(mail.text)![1]!;
    const verified = await call(rt, usersApi.verifyOtp, {
      body: { email: member.email, otp, challengeId: first.challengeId },
    });
    expect(verified.data().data.token).toBeTruthy();

    // The member's password change signs out the member only.
    (
      await call(rt, usersApi.changePassword, {
        token: member.token,
        body: {
          old_password: STRONG_PASSWORD,
          new_password: 'Harbour-Lantern-2290',
          confirm_password: 'Harbour-Lantern-2290',
        },
      })
    ).data();
    expect((await call(rt, usersApi.detail, { token: member.token })).statusCode).toBe(401);
    expect((await call(rt, usersApi.detail, { token: owner.token })).statusCode).toBe(200);

    // Forgotten password: the emailed link resets the member's own password.
    (await call(rt, usersApi.sendForgetPasswordLink, { body: { email: member.email }, ip: randomIp() })).data();
    const reset = await rt.smtp.waitFor(member.email, (m) => m.text.includes('/reset-password?'));
    const { iv, encryptedData } = linkParams(reset.text, '/reset-password');
    (
      await call(rt, usersApi.resetPassword, {
        body: { password: 'Meadow-Copper-8812', confirm_password: 'Meadow-Copper-8812', iv, encryptedData },
        ip: randomIp(),
      })
    ).data();
    expect((await login(member.email, 'Harbour-Lantern-2290')).statusCode).toBe(401);
    const again = (await login(member.email, 'Meadow-Copper-8812')).data();
    expect(again.enable_two_step_email_verification).toBe(true);
    expect((await login(owner.email)).statusCode).toBe(200);
  });
});

describe('invite list shape', () => {
  it('answers the pending invite with its inviter', async () => {
    const owner = await newCustomer(rt, { name: 'Owner Name' });
    const admin = await newMember(rt, owner, 'Owner', { name: 'Second Owner' });
    const email = uniqueEmail();
    const sent: TeamInvite = (await invite(admin as never, { email, role: 'Admin' })).data().data;
    expect(sent.invited_by).toBe('Second Owner');
  });
});
