import {
  GROUP_SCOPED_ROLES,
  INVITE_VALID_DAYS,
  ROLE_PERMISSIONS,
  type MemberRole,
  type SignedInMember as SignedInMemberDetail,
  type TeamAcceptRequest,
  type TeamInvite,
  type TeamMember,
  type TeamUpdateRequest,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor, SignedInMember } from '../../lib/actor.ts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../audit/service.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import { revokeMemberSessions } from '../sessions/service.ts';
import { findCustomerById } from '../users/repository.ts';
import { assertStrongPassword, limitAddress, type RequestMeta } from '../users/service.ts';
import * as repo from './repository.ts';

/**
 * The account's team (DECISIONS §12): invites by email (a single-use link valid 7 days), acceptance with a name and a
 * password, role and group changes, removal (their sessions end in the same transaction). An account keeps at least
 * one Owner: demotions and removals lock the Owners first, so two at once cannot leave none.
 */

const DAY_MS = 86_400_000;
const scoped = (role: MemberRole) => (GROUP_SCOPED_ROLES as readonly MemberRole[]).includes(role);
const lastOwner = () =>
  new AppError(409, 'E_CONFLICT', 'The account needs at least one Owner: make another member Owner first.');

const teamAudit = (tx: DbOrTx, actor: CustomerActor, message: string) =>
  writeAudit(tx, { customerId: actor.id, type: 'User Account', subType: 'Team', message, actor });

/**
 * The groups a member of `role` is limited to: only the group-scoped roles take them, and only groups of the account
 * (an id of another account is refused like an unknown one). Answers the ids and their names.
 */
async function checkedGroups(db: DbOrTx, customerId: string, role: MemberRole, groupIds: readonly string[] | null) {
  if (!groupIds) return { ids: null, names: [] as string[] };
  if (!scoped(role)) {
    throw badRequest(
      'E_VALIDATION',
      `groupIds: only ${GROUP_SCOPED_ROLES.join(', ')} members can be limited to groups; a ${role} sees every group`,
    );
  }
  const unique = [...new Set(groupIds)];
  const found = await repo.groupNames(db, customerId, unique);
  if (found.length !== unique.length) {
    // Like every id of another account: not found.
    throw notFound('groupIds: one of the groups does not exist in this account.');
  }
  return { ids: unique, names: found.map((g) => g.name) };
}

const groupWords = (names: readonly string[]) => (names.length ? `limited to ${names.join(', ')}` : 'every group');

async function groupRefs(db: DbOrTx, customerId: string, rows: readonly { groupIds: string[] | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => r.groupIds ?? []))];
  const names = new Map((await repo.groupNames(db, customerId, ids)).map((g) => [g.id, g.name]));
  return (groupIds: string[] | null) =>
    (groupIds ?? []).filter((id) => names.has(id)).map((id) => ({ _id: id, name: names.get(id)! }));
}

function toMember(
  row: Awaited<ReturnType<typeof repo.listMembers>>[number],
  groupsOf: (ids: string[] | null) => { _id: string; name: string }[],
): TeamMember {
  const m = row.member;
  return {
    _id: m.id,
    name: m.registrant ? row.accountName : (m.name ?? ''),
    email: m.registrant ? row.accountEmail : (m.email ?? ''),
    role: m.role,
    groupIds: m.groupIds,
    groups: groupsOf(m.groupIds),
    isRegistrant: m.registrant,
    enable_two_step_email_verification: m.registrant ? row.accountTwoStep : m.twoStepEnabled,
    created_at: m.createdAt.toISOString(),
    last_login_at: m.lastLoginAt?.toISOString() ?? null,
  };
}

function toInvite(
  row: repo.InviteRow,
  groupsOf: (ids: string[] | null) => { _id: string; name: string }[],
  inviters: Map<string, string>,
): TeamInvite {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    groupIds: row.groupIds,
    groups: groupsOf(row.groupIds),
    invited_by: row.invitedBy ? (inviters.get(row.invitedBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

export async function listTeam(ctx: AppContext, customerId: string) {
  const [members, invites] = await Promise.all([
    repo.listMembers(ctx.db, customerId),
    repo.listOpenInvites(ctx.db, customerId),
  ]);
  const groupsOf = await groupRefs(ctx.db, customerId, [...members.map((m) => m.member), ...invites]);
  const inviters = new Map(members.map((m) => [m.member.id, toMember(m, groupsOf).name]));
  return {
    members: members.map((m) => toMember(m, groupsOf)),
    invites: invites.map((i) => toInvite(i, groupsOf, inviters)),
  };
}

async function oneInvite(ctx: AppContext, customerId: string, row: repo.InviteRow) {
  const team = await listTeam(ctx, customerId);
  return team.invites.find((i) => i._id === row.id)!;
}

/** The name that signs an invitation: the member who sends it, else the account. */
async function inviterName(db: DbOrTx, actor: CustomerActor, accountName: string) {
  if (!actor.member) return accountName;
  const member = await repo.findMember(db, actor.id, actor.member.id);
  return member?.registrant ? accountName : (member?.name ?? accountName);
}

async function sendInvite(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (f: () => Promise<void>) => void,
  actor: CustomerActor,
  invite: repo.InviteRow,
  token: string,
) {
  const account = await findCustomerById(tx, actor.id);
  if (!account) throw notFound('Account not found.');
  const url = `${ctx.config.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  const content = emailTemplates.teamInvite(
    ctx.config.productName,
    await inviterName(tx, actor, account.name),
    account.name,
    invite.role,
    url,
  );
  await emailSenderOf(ctx.queue, tx, afterCommit)(invite.email, content);
}

export async function invite(
  ctx: AppContext,
  actor: CustomerActor,
  input: { email: string; role: MemberRole; groupIds?: readonly string[] | null | undefined },
): Promise<TeamInvite> {
  const email = input.email.toLowerCase();
  if (await repo.emailInUse(ctx.db, email)) {
    throw new AppError(
      409,
      'E_EMAIL_TAKEN',
      'This email already signs in to an account: an email belongs to one account.',
    );
  }
  if (await repo.findOpenInviteByEmail(ctx.db, actor.id, email)) {
    throw new AppError(409, 'E_CONFLICT', 'This email has a pending invite already: resend it from the list.');
  }
  const groups = await checkedGroups(ctx.db, actor.id, input.role, input.groupIds ?? null);
  const token = randomToken();
  const row = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const created = await repo.insertInvite(tx, {
      customerId: actor.id,
      email,
      role: input.role,
      groupIds: groups.ids,
      tokenHash: sha256(token),
      invitedBy: actor.member?.id ?? null,
      expiresAt: new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS),
    });
    await sendInvite(ctx, tx, afterCommit, actor, created, token);
    await teamAudit(tx, actor, `Invited ${email} as ${input.role} (${groupWords(groups.names)})`);
    return created;
  }).catch((err: unknown) => {
    // Two invites of one email at once: the open-invite index lets one through.
    if ((err as { code?: string }).code === '23505') {
      throw new AppError(409, 'E_CONFLICT', 'This email has a pending invite already: resend it from the list.');
    }
    throw err;
  });
  return oneInvite(ctx, actor.id, row);
}

export async function resendInvite(ctx: AppContext, actor: CustomerActor, inviteId: string): Promise<TeamInvite> {
  const token = randomToken();
  const row = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const open = await repo.findOpenInvite(tx, actor.id, inviteId);
    if (!open) throw notFound('No pending invite with this id.');
    const renewed = await repo.renewInvite(
      tx,
      open.id,
      sha256(token),
      new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS),
    );
    await sendInvite(ctx, tx, afterCommit, actor, renewed, token);
    await teamAudit(tx, actor, `Invite to ${open.email} sent again (the previous link no longer works)`);
    return renewed;
  });
  return oneInvite(ctx, actor.id, row);
}

export async function revokeInvite(ctx: AppContext, actor: CustomerActor, inviteId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const open = await repo.findOpenInvite(tx, actor.id, inviteId);
    if (!open) throw notFound('No pending invite with this id.');
    await repo.revokeInvite(tx, open.id);
    await teamAudit(tx, actor, `Invite to ${open.email} withdrawn`);
  });
}

/** Why an invite link cannot be used, in words the invited person can act on. */
function refusedInvite(row: repo.InviteRow | null): AppError {
  if (!row) return new AppError(400, 'E_LINK_INVALID', 'This invite link is not valid. Ask for a new invite.');
  if (row.acceptedAt) {
    return new AppError(
      400,
      'E_LINK_USED',
      'This invite has been accepted already. Sign in with your email and password.',
    );
  }
  if (row.revokedAt) {
    return new AppError(400, 'E_LINK_INVALID', 'This invite was withdrawn. Ask the account owner for a new one.');
  }
  return new AppError(
    400,
    'E_LINK_EXPIRED',
    `This invite expired (links are valid ${INVITE_VALID_DAYS} days). Ask the account owner to send it again.`,
  );
}

/** Public: the invited person joins with a name and password; the link works once. */
export async function accept(ctx: AppContext, input: Required<TeamAcceptRequest>, meta: RequestMeta) {
  await limitAddress(ctx, meta, 'link');
  assertStrongPassword(input.password);
  const tokenHash = sha256(input.token);
  // Check first, hash last: only a usable link costs a password hash.
  const found = await repo.findInviteByToken(ctx.db, tokenHash);
  if (!found || found.acceptedAt || found.revokedAt || found.expiresAt.getTime() <= Date.now()) {
    throw refusedInvite(found);
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.db, async (tx) => {
    const claimed = await repo.claimInvite(tx, tokenHash);
    if (!claimed) throw refusedInvite(await repo.findInviteByToken(tx, tokenHash));
    if (await repo.emailInUse(tx, claimed.email)) {
      throw new AppError(
        409,
        'E_EMAIL_TAKEN',
        'This email already signs in to an account: an email belongs to one account.',
      );
    }
    const member = await repo.insertMember(tx, {
      customerId: claimed.customerId,
      email: claimed.email,
      name: input.name,
      passwordHash,
      role: claimed.role,
      groupIds: claimed.groupIds,
    });
    await writeAudit(tx, {
      customerId: claimed.customerId,
      email: claimed.email,
      type: 'User Account',
      subType: 'Team',
      message: `${input.name} (${claimed.email}) joined as ${claimed.role}`,
      actor: {
        kind: 'customer',
        id: claimed.customerId,
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
        member: { id: member.id, role: member.role, groupIds: member.groupIds },
      },
    });
    return { email: claimed.email };
  });
}

const nameOf = (row: Awaited<ReturnType<typeof repo.listMembers>>[number]) =>
  row.member.registrant ? row.accountName : `${row.member.name} (${row.member.email})`;

async function memberRowOf(tx: DbOrTx, customerId: string, memberId: string) {
  const [row] = await repo.listMembers(tx, customerId, memberId);
  if (!row) throw notFound('No member with this id in the account.');
  return row;
}

export async function updateMember(
  ctx: AppContext,
  actor: CustomerActor,
  memberId: string,
  input: TeamUpdateRequest,
): Promise<TeamMember> {
  await inTransaction(ctx.db, async (tx) => {
    const owners = await repo.lockOwners(tx, actor.id);
    const row = await memberRowOf(tx, actor.id, memberId);
    const current = row.member;
    const role = input.role ?? current.role;
    if (current.role === 'Owner' && role !== 'Owner' && owners.length <= 1) throw lastOwner();
    // A role that is not group-scoped sees every group; a scoped one keeps its groups unless new ones are given.
    const groupIds = !scoped(role) ? null : input.groupIds !== undefined ? input.groupIds : current.groupIds;
    if (!scoped(role) && input.groupIds) await checkedGroups(tx, actor.id, role, input.groupIds);
    const groups = await checkedGroups(tx, actor.id, role, groupIds);
    await repo.updateMember(tx, current.id, { role, groupIds: groups.ids });
    await teamAudit(tx, actor, `${nameOf(row)} is now ${role} (${groupWords(groups.names)})`);
  });
  const team = await listTeam(ctx, actor.id);
  return team.members.find((m) => m._id === memberId)!;
}

export async function removeMember(ctx: AppContext, actor: CustomerActor, memberId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const owners = await repo.lockOwners(tx, actor.id);
    const row = await memberRowOf(tx, actor.id, memberId);
    if (row.member.registrant) {
      throw new AppError(
        409,
        'E_CONFLICT',
        "The account's registrant cannot be removed: their email is the account's. Change their role instead.",
      );
    }
    if (row.member.role === 'Owner' && owners.length <= 1) throw lastOwner();
    await repo.markMemberRemoved(tx, row.member.id);
    await revokeMemberSessions(tx, row.member.id, 'removed from the team');
    await teamAudit(tx, actor, `${nameOf(row)} removed from the team (signed out everywhere)`);
  });
}

/**
 * The signed-in person for `users/detail` (`member`) and their own two-step setting: the console's account menu
 * names them and its router, sidebar and buttons read `permissions`. A session without a member (login-as, or older
 * than the team) is the account's Owner.
 */
export async function signedInMemberOf(
  db: DbOrTx,
  account: { id: string; name: string; email: string; twoStepEnabled: boolean },
  member: SignedInMember | null,
): Promise<{ member: SignedInMemberDetail; twoStepEnabled: boolean }> {
  const row = member ? await repo.findMember(db, account.id, member.id) : null;
  const role = row?.role ?? 'Owner';
  const own = row && !row.registrant;
  return {
    member: {
      _id: row?.id ?? account.id,
      name: own ? (row.name ?? '') : account.name,
      email: own ? (row.email ?? '') : account.email,
      role,
      groupIds: row?.groupIds ?? null,
      permissions: [...ROLE_PERMISSIONS[role]],
    },
    twoStepEnabled: own ? row.twoStepEnabled : account.twoStepEnabled,
  };
}
