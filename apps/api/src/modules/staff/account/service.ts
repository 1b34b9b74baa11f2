import type { StaffChangePasswordRequest, StaffUser } from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import { staffUsers } from '../../../db/schema.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { assertNotCommonPassword } from '../../../lib/common-passwords.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../lib/crypto.ts';
import { AppError, badRequest, tooMany } from '../../../lib/errors.ts';
import { claimLoginAttempt, clearFailedLogins, failLoginAttempt, lockedUntilOf } from '../../../db/account-lockout.ts';
import { enforceLimit, hit, peek } from '../../../lib/rate-limit.ts';
import { writeAudit } from '../../audit/service.ts';
import { dispatchEmail, queueEmail } from '../../mail/outbox.ts';
import { emailTemplates } from '../../mail/templates.ts';
import { CODE_TTL_MS, MAX_WRONG_TRIES, closeAllCodes, consumeCode, issueChallengeCode } from '../../otp/service.ts';
import { createSession, revokeAllSessions, revokeSession, type SessionInfo } from '../../sessions/service.ts';
import { LOCK_MINUTES, MAX_LOGIN_FAILURES } from '../../users/service.ts';
import { findStaffByEmail, findStaffById, updateStaff, type StaffRow } from '../repository.ts';

const STAFF_LOGIN_CODE = 'staff-login';

export const STAFF_LOGIN_MESSAGE = 'We have sent a login code to your email. Please enter it to continue.';

interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

const actorOf = (staff: StaffRow, meta: RequestMeta): StaffActor => ({
  kind: 'staff',
  id: staff.id,
  role: staff.role,
  ip: meta.ip,
  userAgent: meta.userAgent,
});

export const toStaffUser = (s: StaffRow): StaffUser => ({ _id: s.id, email: s.email, name: s.name, role: s.role });

function staffLocked(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return tooMany(
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    'E_ACCOUNT_LOCKED',
    (until.getTime() - Date.now()) / 1000,
  );
}

/**
 * Staff sign-in, step one (DECISIONS §4, §8): the password, then always the emailed code. Unknown emails, wrong
 * passwords and disabled accounts get the same answer after the same work; ten wrong passwords lock the account for
 * 15 minutes; per-IP limits as for customers.
 */
export async function login(ctx: AppContext, input: { email: string; password: string }, meta: RequestMeta) {
  await enforceLimit(
    ctx.db,
    `staff-login:ip:${meta.ip}`,
    50,
    900,
    'Too many login attempts from your network. Please wait 15 minutes and try again.',
  );
  const staff = await findStaffByEmail(ctx.db, input.email);
  const invalid = () => new AppError(401, 'E_INVALID_CREDENTIALS', 'Invalid email or password.');
  if (!staff) {
    await burnPasswordCheck(input.password);
    throw invalid();
  }
  // Counted before the slow check, atomically (issue 12, item 2; db/account-lockout.ts).
  const claim = await claimLoginAttempt(ctx.db, staffUsers, staff.id, MAX_LOGIN_FAILURES, LOCK_MINUTES);
  if (!claim.ok) throw staffLocked(claim.lockedUntil);
  if (!(await verifyPassword(input.password, staff.passwordHash))) {
    const locked = await failLoginAttempt(
      ctx.db,
      staffUsers,
      staff.id,
      claim.attempt,
      MAX_LOGIN_FAILURES,
      LOCK_MINUTES,
    );
    await writeAudit(ctx.db, {
      customerId: null,
      email: staff.email,
      type: 'Staff Account',
      subType: 'Login',
      message: locked ? 'Login failed: wrong password, account locked for 15 minutes' : 'Login failed: wrong password',
      hasError: true,
      actor: actorOf(staff, meta),
    });
    throw invalid();
  }
  const lockedNow = await lockedUntilOf(ctx.db, staffUsers, staff.id);
  if (lockedNow) throw staffLocked(lockedNow);
  // A disabled account answers like a wrong password: the back office tells outsiders nothing.
  if (staff.disabledAt) throw invalid();
  await clearFailedLogins(ctx.db, staffUsers, staff.id);
  const challengeId = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const issued = await issueChallengeCode(
      tx,
      ctx.secrets.codeKey,
      'staff',
      staff.id,
      STAFF_LOGIN_CODE,
      ctx.config.otpLength,
    );
    const outboxId = await queueEmail(
      tx,
      staff.email,
      emailTemplates.loginCode(ctx.config.productName, staff.name, issued.code),
    );
    afterCommit(() => dispatchEmail(ctx.queue, outboxId));
    return issued.challengeId;
  });
  return { respones_msg: STAFF_LOGIN_MESSAGE, challengeId };
}

const codesExhausted = () =>
  new AppError(400, 'E_OTP_EXHAUSTED', 'Too many wrong codes. Please log in again to get a new code.');

/**
 * Step two: the emailed code opens a staff session. Clears nothing of the customer realm on the server. As for
 * customers (issue 12, item 3): with the login answer's `challengeId` the code's own 5 tries count; with `email` alone
 * wrong codes count against a per-email counter and do not touch the code of the login in progress.
 */
export async function verifyOtp(ctx: AppContext, email: string, otp: string, meta: RequestMeta, challengeId?: string) {
  await enforceLimit(
    ctx.db,
    `staff-otp:ip:${meta.ip}`,
    50,
    900,
    'Too many code attempts from your network. Please wait 15 minutes and try again.',
  );
  if (otp.length !== ctx.config.otpLength) {
    throw badRequest('E_VALIDATION', `otp: must be ${ctx.config.otpLength} digits`);
  }
  const staff = await findStaffByEmail(ctx.db, email);
  const usable = staff && !staff.disabledAt ? staff : null;
  const emailTries = `staff-otp-email:${email}`;
  const windowSeconds = CODE_TTL_MS / 1000;
  try {
    if (!challengeId && (await peek(ctx.db, emailTries, windowSeconds)) >= MAX_WRONG_TRIES) throw codesExhausted();
    try {
      await consumeCode(ctx.db, ctx.secrets.codeKey, 'staff', usable?.id ?? null, STAFF_LOGIN_CODE, otp, {
        challengeId,
        countWrongTries: Boolean(challengeId),
      });
    } catch (err) {
      if (!challengeId && err instanceof AppError && err.code === 'E_OTP_INVALID') {
        const { count } = await hit(ctx.db, emailTries, windowSeconds);
        if (count >= MAX_WRONG_TRIES) throw codesExhausted();
      }
      throw err;
    }
  } catch (err) {
    if (usable && err instanceof AppError) {
      await writeAudit(ctx.db, {
        customerId: null,
        email: usable.email,
        type: 'Staff Account',
        subType: 'Login',
        message: 'Login failed: email code refused',
        hasError: true,
        actor: actorOf(usable, meta),
      });
    }
    throw err;
  }
  if (!usable) throw new AppError(400, 'E_OTP_INVALID', 'The code is incorrect. Please check the email and try again.');
  const token = await inTransaction(ctx.db, async (tx) => {
    const t = await createSession(tx, 'staff', usable.id, meta);
    await writeAudit(tx, {
      customerId: null,
      email: usable.email,
      type: 'Staff Account',
      subType: 'Login',
      message: 'Logged in to the back office',
      actor: actorOf(usable, meta),
    });
    return t;
  });
  return { token, user: toStaffUser(usable) };
}

/** Changing the password signs the staff member out everywhere (spec 3 §4). */
export async function changePassword(ctx: AppContext, actor: StaffActor, input: Required<StaffChangePasswordRequest>) {
  const staff = await findStaffById(ctx.db, actor.id);
  if (!staff)
    throw new AppError(401, 'E_UNAUTHORIZED', 'Your session has ended. Please log in again.', { is_logout: 1 });
  const claim = await claimLoginAttempt(ctx.db, staffUsers, staff.id, MAX_LOGIN_FAILURES, LOCK_MINUTES);
  if (!claim.ok) throw staffLocked(claim.lockedUntil);
  if (!(await verifyPassword(input.old_password, staff.passwordHash))) {
    await failLoginAttempt(ctx.db, staffUsers, staff.id, claim.attempt, MAX_LOGIN_FAILURES, LOCK_MINUTES);
    throw badRequest('E_WRONG_PASSWORD', 'Your old password is incorrect.');
  }
  await clearFailedLogins(ctx.db, staffUsers, staff.id);
  if (input.new_password !== input.confirm_password) {
    throw badRequest('E_PASSWORD_MISMATCH', 'New password and confirm password do not match.');
  }
  if (input.new_password === input.old_password) {
    throw badRequest('E_PASSWORD_SAME', 'The new password must be different from the old one.');
  }
  assertNotCommonPassword(input.new_password);
  const passwordHash = await hashPassword(input.new_password);
  await inTransaction(ctx.db, async (tx) => {
    await updateStaff(tx, staff.id, { passwordHash });
    await revokeAllSessions(tx, 'staff', staff.id, 'password change');
    await closeAllCodes(tx, 'staff', staff.id); // a pending login code dies with the old password (issue 12, item 8)
    await writeAudit(tx, {
      customerId: null,
      email: staff.email,
      type: 'Staff Account',
      subType: 'Change Password',
      message: 'Password changed; all back-office sessions signed out',
      actor,
    });
  });
}

export async function logout(ctx: AppContext, session: SessionInfo, actor: StaffActor) {
  await inTransaction(ctx.db, async (tx) => {
    await revokeSession(tx, session.sessionId, 'logout');
    await writeAudit(tx, {
      customerId: null,
      type: 'Staff Account',
      subType: 'Logout',
      message: 'Logged out of the back office',
      actor,
    });
  });
}
