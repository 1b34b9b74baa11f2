import type { StaffAccount, StaffCreateRequest, StaffUpdateRequest } from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { assertNotCommonPassword } from '../../../lib/common-passwords.ts';
import { hashPassword } from '../../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { writeAudit } from '../../audit/service.ts';
import { closeAllCodes } from '../../otp/service.ts';
import { revokeStaffMemberSessions } from '../../sessions/service.ts';
import * as repo from '../repository.ts';

const toAccount = (s: repo.StaffRow): StaffAccount => ({
  _id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  disabled: s.disabledAt !== null,
  created_at: s.createdAt.toISOString(),
});

export async function list(ctx: AppContext, q: { page: number; limit: number; email?: string | undefined }) {
  const { rows, total } = await repo.listStaff(ctx.db, { page: q.page, limit: q.limit, email: q.email });
  return { data: rows.map(toAccount), pagination: { page: q.page, limit: q.limit, total } };
}

export async function create(ctx: AppContext, actor: StaffActor, input: StaffCreateRequest) {
  assertNotCommonPassword(input.password);
  if (await repo.findStaffByEmail(ctx.db, input.email)) {
    throw new AppError(409, 'E_EMAIL_TAKEN', 'A staff member with this email already exists.');
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.insertStaff(tx, { email: input.email, name: input.name, role: input.role, passwordHash });
    if (!row) throw new AppError(409, 'E_EMAIL_TAKEN', 'A staff member with this email already exists.');
    await writeAudit(tx, {
      customerId: null,
      email: row.email,
      type: 'Staff Account',
      subType: 'Staff Created',
      message: `Staff member ${row.email} created as ${row.role}`,
      actor,
    });
    return toAccount(row);
  });
}

/**
 * Name, role, password or disabled (DECISIONS §8). Disabling, a new password or a new role ends that person's
 * sessions at once, their login-as sessions too. Nobody disables or demotes themselves, and the last enabled
 * SuperAdmin stays one: the enabled SuperAdmins' rows are locked first, so two of them disabling each other at once
 * are checked one after the other (issue 24, item 6).
 */
export async function update(ctx: AppContext, actor: StaffActor, input: StaffUpdateRequest) {
  const target = await repo.findStaffById(ctx.db, input.id);
  if (!target) throw notFound('No staff member with this id.');
  const demotes = input.role !== undefined && input.role !== 'SuperAdmin' && target.role === 'SuperAdmin';
  const disables = input.disabled === true && !target.disabledAt;
  if ((demotes || disables) && target.id === actor.id) {
    throw badRequest('E_CONFLICT', 'You cannot disable your own account or remove your own SuperAdmin role.');
  }
  if (input.password !== undefined) assertNotCommonPassword(input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return inTransaction(ctx.db, async (tx) => {
    if (
      target.role === 'SuperAdmin' &&
      (demotes || disables) &&
      (await repo.otherActiveSuperAdmins(tx, target.id)) === 0
    ) {
      throw badRequest('E_CONFLICT', 'The last enabled SuperAdmin cannot be disabled or given another role.');
    }
    const changes: Parameters<typeof repo.updateStaff>[2] = {};
    const said: string[] = [];
    if (input.name !== undefined && input.name !== target.name) {
      changes.name = input.name;
      said.push('name changed');
    }
    if (input.role !== undefined && input.role !== target.role) {
      changes.role = input.role;
      said.push(`role ${target.role} → ${input.role}`);
    }
    if (passwordHash !== undefined) {
      changes.passwordHash = passwordHash;
      said.push('password reset');
    }
    if (input.disabled !== undefined && input.disabled !== (target.disabledAt !== null)) {
      changes.disabledAt = input.disabled ? new Date() : null;
      said.push(input.disabled ? 'disabled' : 'enabled again');
    }
    if (said.length === 0) return toAccount(target);
    const row = (await repo.updateStaff(tx, target.id, changes))!;
    if (changes.disabledAt || changes.passwordHash || changes.role) {
      await revokeStaffMemberSessions(tx, target.id, said.join(', '));
      await closeAllCodes(tx, 'staff', target.id); // and the login codes still pending (issue 12, item 8)
    }
    await writeAudit(tx, {
      customerId: null,
      email: row.email,
      type: 'Staff Account',
      subType: 'Staff Updated',
      message: `Staff member ${row.email}: ${said.join(', ')}`,
      actor,
    });
    return toAccount(row);
  });
}
