import type { StaffChangePasswordRequest, StaffUser } from '@fleetdeck/contract/staff';
import { inTransaction, type AppContext } from '../../../context.ts';
import type { StaffActor } from '../../../lib/actor.ts';
import { assertNotCommonPassword } from '../../../lib/common-passwords.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../lib/crypto.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import {
  claimLoginAttempt,
  clearFailedLogins,
  failLoginAttempt,
  lockedOutError,
  lockedUntilOf,
  type SignInSubject,
} from '../../../db/account-lockout.ts';
import { enforceAddressLimit } from '../../../lib/rate-limit.ts';
import { writeAudit } from '../../audit/service.ts';
import { emailSenderOf } from '../../mail/outbox.ts';
import { emailTemplates } from '../../mail/templates.ts';
import { closeAllCodes, consumeCode, issueChallengeCode } from '../../otp/service.ts';
import { createSession, revokeSession, revokeStaffMemberSessions, type SessionInfo } from '../../sessions/service.ts';
import { verifyCaptcha } from '../../captcha/service.ts';
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

/**
 * Staff sign-in, step one (DECISIONS §4, §8): the password, then always the emailed code. Unknown emails, wrong
 * passwords and disabled accounts get the same answer after the same work; ten wrong passwords lock the account for
 * 15 minutes; per-IP limits as for customers.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; captcha?: string | null | undefined },
  meta: RequestMeta,
) {
  await enforceAddressLimit(ctx.db, meta.ip, 'staff-login', { max: 50, windowSeconds: 900, counted: 'login attempts' });
  const staff = await findStaffByEmail(ctx.db, input.email);
  const invalid = () => new AppError(401, 'E_INVALID_CREDENTIALS', 'Invalid email or password.');
  if (!staff) {
    await burnPasswordCheck(input.password);
    throw invalid();
  }
  // Counted before the slow check, atomically, per account and address (DECISIONS §4; db/account-lockout.ts).
  const who: SignInSubject = { realm: 'staff', accountId: staff.id, ip: meta.ip };
  const claim = await claimLoginAttempt(ctx.db, who);
  if (!claim.ok) throw lockedOutError(claim.lockedUntil);
  if (claim.captchaNeeded) await verifyCaptcha(ctx, ctx.db, input.captcha);
  if (!(await verifyPassword(input.password, staff.passwordHash))) {
    const locked = await failLoginAttempt(ctx.db, who, claim.attempt);
    await writeAudit(ctx.db, {
      customerId: null,
      email: staff.email,
      type: 'Staff Account',
      subType: 'Login',
      message: locked
        ? 'Login failed: wrong password, this address locked out for 15 minutes'
        : 'Login failed: wrong password',
      hasError: true,
      actor: actorOf(staff, meta),
    });
    throw invalid();
  }
  const lockedNow = await lockedUntilOf(ctx.db, who);
  if (lockedNow) throw lockedOutError(lockedNow);
  // A disabled account answers like a wrong password: the back office tells outsiders nothing.
  if (staff.disabledAt) throw invalid();
  await clearFailedLogins(ctx.db, who);
  const challengeId = await inTransaction(ctx.db, async (tx, afterCommit) => {
    const issued = await issueChallengeCode(
      tx,
      ctx.secrets.codeKey,
      'staff',
      staff.id,
      STAFF_LOGIN_CODE,
      ctx.config.otpLength,
    );
    const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
    await sendEmail(staff.email, emailTemplates.loginCode(ctx.config.productName, staff.name, issued.code));
    return issued.challengeId;
  });
  return { respones_msg: STAFF_LOGIN_MESSAGE, challengeId };
}

/**
 * Step two: the emailed code opens a staff session. The staff realm requires the login answer's `challengeId`
 * (DECISIONS §4): the code's own 5 tries count, each counted before the code is checked, so a burst of guesses checks
 * at most 5 (issue 24, item 1). An unknown or disabled email answers exactly like a forged challenge.
 */
export async function verifyOtp(ctx: AppContext, email: string, otp: string, meta: RequestMeta, challengeId: string) {
  await enforceAddressLimit(ctx.db, meta.ip, 'staff-otp', { max: 50, windowSeconds: 900, counted: 'code attempts' });
  if (otp.length !== ctx.config.otpLength) {
    throw badRequest('E_VALIDATION', `otp: must be ${ctx.config.otpLength} digits`);
  }
  const staff = await findStaffByEmail(ctx.db, email);
  const usable = staff && !staff.disabledAt ? staff : null;
  try {
    await consumeCode(ctx.db, ctx.secrets.codeKey, 'staff', usable?.id ?? null, STAFF_LOGIN_CODE, otp, challengeId);
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
  const who: SignInSubject = { realm: 'staff', accountId: staff.id, ip: actor.ip ?? 'unknown' };
  const claim = await claimLoginAttempt(ctx.db, who);
  if (!claim.ok) throw lockedOutError(claim.lockedUntil);
  if (!(await verifyPassword(input.old_password, staff.passwordHash))) {
    await failLoginAttempt(ctx.db, who, claim.attempt);
    throw badRequest('E_WRONG_PASSWORD', 'Your old password is incorrect.');
  }
  await clearFailedLogins(ctx.db, who);
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
    await revokeStaffMemberSessions(tx, staff.id, 'password change');
    await closeAllCodes(tx, 'staff', staff.id); // a pending login code dies with the old password (issue 12, item 8)
    await writeAudit(tx, {
      customerId: null,
      email: staff.email,
      type: 'Staff Account',
      subType: 'Change Password',
      message: 'Password changed; all back-office and login-as sessions signed out',
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
