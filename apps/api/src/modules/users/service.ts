import crypto from 'node:crypto';
import { RESELLER_BUYER_DISCOUNT_PERCENT, fillPath, qrApi } from '@fleetdeck/contract';
import { nationalPart, normalisePhone } from '@fleetdeck/contract/phone';
import type {
  AuditSubType,
  ChangePasswordRequest,
  ErrorCode,
  LoginResponse,
  RegisterRequest,
  UpdateUserRequest,
  UserDetail,
} from '@fleetdeck/contract';
import type { Actor, CustomerActor } from '../../lib/actor.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, open, randomToken, seal, sha256, verifyPassword } from '../../lib/crypto.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { enforceAddressLimit, hit } from '../../lib/rate-limit.ts';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  claimLoginAttempt,
  clearAllFailedLogins,
  clearFailedLogins,
  failLoginAttempt,
  lockedOutError,
  lockedUntilOf,
} from '../../db/account-lockout.ts';
import { writeAudit } from '../audit/service.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { WELCOME_LINK_TTL_MS, consumeLink, issueLink, openLink, voidLinks } from '../links/service.ts';
import { emailSenderOf } from '../mail/outbox.ts';
import { emailTemplates } from '../mail/templates.ts';
import {
  CODE_TTL_MS,
  MAX_WRONG_TRIES,
  closeAllCodes,
  codesExhausted,
  consumeCode,
  issueChallengeCode,
} from '../otp/service.ts';
import { createSession, revokeAllSessions, revokeSession, type SessionInfo } from '../sessions/service.ts';
import { enrolmentQrText } from '../qr/service.ts';
import {
  findSignInPerson,
  findSignInPersonById,
  markSignedIn,
  personOfActor,
  revokePersonSessions,
  setPassword,
  setTwoStep,
  type SignInPerson,
} from './sign-in-person.ts';
import { findMemberByEmail } from '../team/repository.ts';
import * as repo from './repository.ts';

const LOGIN_CODE = 'login';

export interface RequestMeta {
  ip: string;
  userAgent?: string | null;
}

/**
 * The actor of a call made before sign-in (register, login, links): the account's customer once it is known,
 * an anonymous visitor otherwise (a failed login of an unknown email).
 */
const visitorActor = (meta: RequestMeta, customerId: string | null, person?: Pick<SignInPerson, 'memberId'>): Actor =>
  customerId
    ? {
        kind: 'customer',
        id: customerId,
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
        // The person of the account (DECISIONS §12): the audit names them. The role is not needed for a row.
        member: person?.memberId ? { id: person.memberId, role: 'Owner', groupIds: null } : null,
      }
    : { kind: 'anonymous', id: null, ip: meta.ip };

/** The per-address limits of the sign-in calls (`<call>:ip:<address>`). */
const ADDRESS_LIMITS = {
  register: { max: 20, windowSeconds: 3600, counted: 'registrations' },
  link: { max: 60, windowSeconds: 900, counted: 'attempts' },
  login: { max: 100, windowSeconds: 900, counted: 'login attempts' },
  otp: { max: 50, windowSeconds: 900, counted: 'code attempts' },
  forgot: { max: 20, windowSeconds: 3600, counted: 'reset requests' },
} as const;

export const limitAddress = (ctx: AppContext, meta: RequestMeta, call: keyof typeof ADDRESS_LIMITS) =>
  enforceAddressLimit(ctx.db, meta.ip, call, ADDRESS_LIMITS[call]);

/** A `User Account` audit entry in the trail of `account` (no id: a failed login of an unknown email). */
const auditAccount = (
  db: DbOrTx,
  account: { id: string | null; email?: string },
  actor: Actor,
  subType: AuditSubType,
  message: string,
  hasError = false,
) =>
  writeAudit(db, {
    customerId: account.id,
    email: account.email,
    type: 'User Account',
    subType,
    message,
    actor,
    hasError,
  });

type RegisterInput = Required<Pick<RegisterRequest, 'name' | 'email' | 'password'>> & {
  country_code: string | null;
  phone_number: string;
};

/**
 * The phone columns of a number as typed beside a dial code (DECISIONS §14): E.164, the dial code and the ISO country;
 * a 400 naming `field` when it cannot be a number of that country.
 */
export function phoneColumns(number: string, dialCode: string | null | undefined, field: string) {
  const result = normalisePhone(number, dialCode);
  if (!result.ok) {
    throw new AppError(400, 'E_PHONE_INVALID', `${field}: ${result.message}`, {
      errors: [{ field, message: result.message }],
    });
  }
  return { phoneNumber: result.e164, countryCode: result.dialCode, country: result.country };
}

export function assertStrongPassword(password: string) {
  if (isCommonPassword(password)) {
    throw badRequest('E_PASSWORD_WEAK', 'This password is too common. Please choose a less guessable one.');
  }
}

/** A fresh enrolment token (hash, sealed copy) and login QR key for a new customer row. */
export function newEnrolmentToken(ctx: Pick<AppContext, 'secrets'>) {
  const token = randomToken();
  const sealed = seal(ctx.secrets.storageKey, token);
  return {
    enrolmentTokenHash: sha256(token),
    enrolmentTokenEnc: `${sealed.iv}:${sealed.encryptedData}`,
    loginQrKey: crypto.randomBytes(16).toString('base64url'),
  };
}

/**
 * Opened enrolment tokens by sealed copy and installation key (issue 13: `users/detail` opened it on every call, a
 * visible share of the request). A rotated token has a new sealed copy, so an entry never goes stale; bounded.
 */
const openedTokens = new WeakMap<Buffer, Map<string, string>>();
const OPENED_TOKENS_MAX = 10_000;

export function enrolmentTokenOf(
  ctx: Pick<AppContext, 'secrets'>,
  customer: Pick<repo.CustomerRow, 'enrolmentTokenEnc'>,
): string {
  const key = ctx.secrets.storageKey;
  let opened = openedTokens.get(key);
  if (!opened) openedTokens.set(key, (opened = new Map()));
  const cached = opened.get(customer.enrolmentTokenEnc);
  if (cached !== undefined) return cached;
  const [iv, data] = customer.enrolmentTokenEnc.split(':');
  const token = open<string>(key, iv ?? '', data ?? '');
  if (!token) throw new Error('enrolment token cannot be opened with this installation key');
  if (opened.size >= OPENED_TOKENS_MAX) opened.clear();
  opened.set(customer.enrolmentTokenEnc, token);
  return token;
}

export const loginQrCodeUrl = (ctx: AppContext, customer: repo.CustomerRow) =>
  `${ctx.config.publicUrl}${fillPath(qrApi.loginPng.path, { file: `${customer.loginQrKey}.png` })}`;

export function loginQrText(ctx: AppContext, customer: repo.CustomerRow) {
  return enrolmentQrText(ctx.config.publicUrl, enrolmentTokenOf(ctx, customer));
}

async function sendVerificationEmail(
  ctx: AppContext,
  tx: DbOrTx,
  afterCommit: (fn: () => Promise<void>) => void,
  customer: { id: string; name: string; email: string },
) {
  const link = await issueLink(tx, ctx.secrets.linkKey, customer.id, 'verify-email');
  const url = `${ctx.config.publicUrl}/login?iv=${link.iv}&encryptedData=${link.encryptedData}`;
  const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
  await sendEmail(customer.email, emailTemplates.verifyEmail(ctx.config.productName, url));
}

/**
 * A new password spends what could stand in for the old one: every open reset link and every pending login code
 * (issue 12, item 8).
 */
async function spendCredentials(tx: DbOrTx, customerId: string) {
  await voidLinks(tx, customerId, 'reset-password');
  await closeAllCodes(tx, 'customer', customerId);
}

const emailTaken = () =>
  new AppError(409, 'E_EMAIL_TAKEN', 'An account with this email already exists. Please log in instead.');

export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta) {
  await limitAddress(ctx, meta, 'register');
  assertStrongPassword(input.password);
  const phone = phoneColumns(input.phone_number, input.country_code, 'phone_number');
  // An email belongs to one account (DECISIONS §12): a member's email cannot open a second one.
  if (await findMemberByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const customer = await repo.insertCustomer(tx, {
      email: input.email,
      name: input.name,
      passwordHash,
      ...phone,
      ...newEnrolmentToken(ctx),
    });
    if (!customer) throw emailTaken();
    await sendVerificationEmail(ctx, tx, afterCommit, customer);
    await auditAccount(tx, customer, visitorActor(meta, customer.id), 'Registration', 'Account registered');
    return customer;
  });
}

export async function verifyEmail(ctx: AppContext, iv: string, encryptedData: string, meta: RequestMeta) {
  await limitAddress(ctx, meta, 'link');
  await inTransaction(ctx.db, async (tx) => {
    const userId = await consumeLink(tx, ctx.secrets.linkKey, 'verify-email', iv, encryptedData);
    const customer = await repo.findCustomerById(tx, userId);
    if (!customer) throw new AppError(400, 'E_LINK_INVALID', 'This link belongs to an account that no longer exists.');
    if (!customer.emailVerifiedAt) await repo.updateCustomer(tx, userId, { emailVerifiedAt: new Date() });
    await auditAccount(tx, customer, visitorActor(meta, userId), 'Email Verified', 'Email verified');
  });
}

const accountLocked = (until: Date) => lockedOutError(until, ' or reset your password');

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; userAgent?: string | undefined; captcha?: string | null | undefined },
  meta: RequestMeta,
): Promise<LoginResponse> {
  await limitAddress(ctx, meta, 'login');
  const person = await findSignInPerson(ctx.db, input.email);
  const invalid = () => new AppError(401, 'E_INVALID_CREDENTIALS', 'Invalid email or password.');

  if (!person) {
    await burnPasswordCheck(input.password);
    await auditAccount(
      ctx.db,
      { id: null, email: input.email },
      visitorActor(meta, null),
      'Login',
      'Login failed: unknown email',
      true,
    );
    if (await repo.isLegacyEmail(ctx.db, input.email)) {
      throw new AppError(401, 'E_LEGACY_USER', `This email belongs to the old ${ctx.config.productName} system.`, {
        userExist: 1,
      });
    }
    throw invalid();
  }
  const customer = person.account;
  // The attempt is counted before the slow check, atomically, per account and address (DECISIONS §4): a burst of
  // parallel guesses cannot all be verified, and guesses from elsewhere ask for the captcha instead of locking.
  // A member of a team is an account of their own here: their guesses never lock the Owner out.
  const who = { realm: 'customer', accountId: person.id, ip: meta.ip } as const;
  const claim = await claimLoginAttempt(ctx.db, who);
  if (!claim.ok) throw accountLocked(claim.lockedUntil);
  if (claim.captchaNeeded) await verifyCaptcha(ctx, ctx.db, input.captcha);
  if (!(await verifyPassword(input.password, person.passwordHash))) {
    const locked = await failLoginAttempt(ctx.db, who, claim.attempt);
    await auditAccount(
      ctx.db,
      { id: customer.id, email: person.email },
      visitorActor(meta, customer.id, person),
      'Login',
      locked ? 'Login failed: wrong password, this address locked out for 15 minutes' : 'Login failed: wrong password',
      true,
    );
    throw invalid();
  }
  // A parallel guess may have locked this address out while this one was being checked: no session then.
  const lockedNow = await lockedUntilOf(ctx.db, who);
  if (lockedNow) throw accountLocked(lockedNow);
  if (customer.disabledAt) {
    throw forbidden('This account has been disabled. Please contact support.', 'E_ACCOUNT_DISABLED');
  }
  await clearFailedLogins(ctx.db, who);

  // A member's email was proved by the invite's link.
  if (person.isRegistrant && !customer.emailVerifiedAt) {
    // Re-send the link, at most 3 times an hour, so a lost email does not strand the account.
    const { count } = await hit(ctx.db, `verify-resend:${customer.id}`, 3600);
    if (count <= 3) {
      await inTransaction(ctx.db, (tx, afterCommit) => sendVerificationEmail(ctx, tx, afterCommit, customer));
    }
    throw forbidden(
      'Please verify your email first. We have sent you a new verification link.',
      'E_EMAIL_NOT_VERIFIED',
    );
  }

  if (person.twoStepEnabled) {
    const challengeId = await inTransaction(ctx.db, async (tx, afterCommit) => {
      const { code, challengeId } = await issueChallengeCode(
        tx,
        ctx.secrets.codeKey,
        'customer',
        person.id,
        LOGIN_CODE,
        ctx.config.otpLength,
      );
      const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
      await sendEmail(person.email, emailTemplates.loginCode(ctx.config.productName, person.name, code));
      return challengeId;
    });
    return {
      respones_msg: 'We have sent a verification code to your email. Please enter it to log in.',
      enable_two_step_email_verification: true,
      challengeId,
    };
  }

  const token = await openSession(ctx, person, { ...meta, userAgent: input.userAgent ?? meta.userAgent }, 'Logged in');
  return { respones_msg: 'Logged in successfully.', enable_two_step_email_verification: false, data: { token } };
}

const OTP_FAILURES: Partial<Record<ErrorCode, string>> = {
  E_OTP_INVALID: 'wrong email code',
  E_OTP_EXPIRED: 'email code expired or already used',
  E_OTP_EXHAUSTED: 'too many wrong email codes',
};

/**
 * The second step. With the login answer's `challengeId` the code's own 5 tries count; with `email` alone (the spec's
 * payload) tries count against a per-email counter instead, so a stranger who knows the email cannot burn the
 * code of the one logging in (issue 12, item 3). Either is counted before the code is checked (issue 24, item 1).
 * Unknown emails and accounts without a code answer alike.
 */
export async function verifyOtp(ctx: AppContext, email: string, otp: string, meta: RequestMeta, challengeId?: string) {
  await limitAddress(ctx, meta, 'otp');
  if (otp.length !== ctx.config.otpLength) {
    throw badRequest('E_VALIDATION', `otp: must be ${ctx.config.otpLength} digits`);
  }
  const person = await findSignInPerson(ctx.db, email);
  const customer = person?.account ?? null;
  const emailTries = `otp-email:${email}`;
  const windowSeconds = CODE_TTL_MS / 1000;
  try {
    if (!challengeId) {
      // Counted before the check, atomically (DECISIONS §4): a burst by email checks at most 5 guesses.
      const { count } = await hit(ctx.db, emailTries, windowSeconds);
      if (count > MAX_WRONG_TRIES) throw codesExhausted();
      try {
        await consumeCode(ctx.db, ctx.secrets.codeKey, 'customer', person?.id ?? null, LOGIN_CODE, otp);
      } catch (err) {
        if (count >= MAX_WRONG_TRIES) throw codesExhausted();
        throw err;
      }
    } else {
      await consumeCode(ctx.db, ctx.secrets.codeKey, 'customer', person?.id ?? null, LOGIN_CODE, otp, challengeId);
    }
  } catch (err) {
    // A wrong, stale or exhausted code is a failed login of a known account, like a wrong password.
    if (person && err instanceof AppError) {
      await auditAccount(
        ctx.db,
        { id: person.account.id, email: person.email },
        visitorActor(meta, person.account.id, person),
        'Login',
        `Login failed: ${OTP_FAILURES[err.code] ?? 'email code refused'}`,
        true,
      );
    }
    throw err;
  }
  if (!person || !customer) throw new AppError(400, 'E_OTP_INVALID', 'The code is incorrect.');
  if (customer.disabledAt)
    throw forbidden('This account has been disabled. Please contact support.', 'E_ACCOUNT_DISABLED');
  return openSession(ctx, person, meta, 'Logged in with an email code');
}

/** A signed-in session of the person (a member's session names them), stamped and audited as a login. */
function openSession(ctx: AppContext, person: SignInPerson, meta: RequestMeta, message: string) {
  return inTransaction(ctx.db, async (tx) => {
    const token = await createSession(
      tx,
      'customer',
      person.account.id,
      { userAgent: meta.userAgent, ip: meta.ip },
      { memberId: person.memberId },
    );
    await markSignedIn(tx, person);
    const account = { id: person.account.id, email: person.email };
    await auditAccount(tx, account, visitorActor(meta, account.id, person), 'Login', message);
    return token;
  });
}

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.';

/**
 * Answers the same for known and unknown emails and does the same work for both in the request:
 * one job. The worker looks the email up and sends the link if there is an account.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta) {
  await limitAddress(ctx, meta, 'forgot');
  await ctx.queue.send('auth.reset-link', { email }, { retryLimit: 3 });
}

/** Worker side of the forgotten-password flow. */
export async function sendResetLink(ctx: AppContext, email: string) {
  const person = await findSignInPerson(ctx.db, email);
  if (!person || person.account.disabledAt) return;
  const { count } = await hit(ctx.db, `reset-mail:${person.id}`, 3600);
  if (count > 5) return; // at most 5 reset emails an hour per account; the answer stays the same
  const verified = !person.isRegistrant || person.account.emailVerifiedAt !== null;
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    // A new reset link voids the older ones (issue 12, item 8).
    await voidLinks(tx, person.id, 'reset-password');
    const link = await issueLink(tx, ctx.secrets.linkKey, person.id, 'reset-password');
    const url = `${ctx.config.publicUrl}/reset-password?iv=${link.iv}&encryptedData=${link.encryptedData}`;
    const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
    await sendEmail(
      person.email,
      emailTemplates.resetPassword(ctx.config.productName, verified ? person.name : null, url),
    );
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { password: string; confirm_password: string; iv: string; encryptedData: string },
  meta: RequestMeta,
) {
  await limitAddress(ctx, meta, 'link');
  if (input.password !== input.confirm_password) {
    throw badRequest('E_PASSWORD_MISMATCH', 'Password and confirm password do not match.');
  }
  assertStrongPassword(input.password);
  // Check first, hash last: only an authentic, unexpired link costs a hash (issue 12, item 6).
  openLink(ctx.secrets.linkKey, 'reset-password', input.iv, input.encryptedData);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    const userId = await consumeLink(tx, ctx.secrets.linkKey, 'reset-password', input.iv, input.encryptedData);
    const person = await findSignInPersonById(tx, userId);
    if (!person) throw new AppError(400, 'E_LINK_INVALID', 'This link belongs to an account that no longer exists.');
    const customer = person.account;
    await setPassword(tx, person, passwordHash);
    // Following a link sent to the address proves it.
    if (person.isRegistrant && !customer.emailVerifiedAt) {
      await repo.updateCustomer(tx, userId, { emailVerifiedAt: new Date() });
    }
    await clearAllFailedLogins(tx, 'customer', userId);
    await revokePersonSessions(tx, person, 'password reset');
    await spendCredentials(tx, userId);
    await auditAccount(
      tx,
      { id: customer.id, email: person.email },
      visitorActor(meta, customer.id, person),
      'Reset Password',
      'Password reset with an emailed link',
    );
    const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
    await sendEmail(person.email, emailTemplates.passwordChanged(ctx.config.productName, person.name));
  });
}

export async function logout(ctx: AppContext, session: SessionInfo, actor: CustomerActor) {
  await inTransaction(ctx.db, async (tx) => {
    await revokeSession(tx, session.sessionId, 'logout');
    await auditAccount(tx, { id: session.subjectId }, actor, 'Logout', 'Logged out');
  });
}

/**
 * A new enrolment token and login QR key (DECISIONS §6): the old QR code stops enrolling (its image URL answers 404),
 * devices already enrolled keep their own tokens. Answers the new `loginQrCodeUrl`.
 */
export async function rotateEnrolmentToken(ctx: AppContext, actor: CustomerActor): Promise<string> {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    // A new token starts with no enrolments counted; the end date and limit the customer chose stay.
    const row = await repo.updateCustomer(tx, customerId, newEnrolmentToken(ctx));
    if (!row) throw notFound('Account not found.');
    await repo.resetEnrolmentTokenUses(tx, customerId, row.enrolmentTokenHash);
    await auditAccount(
      tx,
      row,
      actor,
      'Update Profile',
      'Login QR code rotated (the previous QR code no longer enrols devices)',
    );
    return loginQrCodeUrl(ctx, row);
  });
}

export async function detail(ctx: AppContext, customerId: string): Promise<UserDetail> {
  const c = await repo.findCustomerById(ctx.db, customerId);
  if (!c) throw notFound('Account not found.');
  return userDetailOf(ctx, ctx.db, c);
}

/** The detail of a row, with an approved reseller's coupon code (one indexed query, approved resellers only). */
export async function userDetailOf(ctx: AppContext, db: DbOrTx, c: repo.CustomerRow): Promise<UserDetail> {
  const [couponCode, uses] = await Promise.all([
    c.resellerModeApproved ? repo.findResellerCouponCode(db, c.id) : null,
    repo.enrolmentTokenUsesOf(db, c.id, c.enrolmentTokenHash),
  ]);
  return toUserDetail(ctx, c, uses, couponCode);
}

/**
 * Maps a row; pass the enrolments counted for its current token (`repo.enrolmentTokenUsesOf`) and the reseller
 * coupon code (see `userDetailOf`), shown for approved resellers only.
 */
export function toUserDetail(
  ctx: AppContext,
  c: repo.CustomerRow,
  enrolmentTokenUses: number,
  resellerCouponCode: string | null = null,
): UserDetail {
  return {
    _id: c.id,
    name: c.name,
    email: c.email,
    phone_number: c.phoneNumber,
    country_code: c.countryCode,
    stripe_customer_id: c.stripeCustomerId,
    stripe_plan_id: c.stripePlanId,
    subscription_expire_at: c.subscriptionExpireAt?.toISOString() ?? null,
    isOfflineCustomer: c.isOfflineCustomer,
    role: 'customer',
    loginQrCodeUrl: loginQrCodeUrl(ctx, c),
    enrolmentLink: loginQrText(ctx, c),
    enable_two_step_email_verification: c.twoStepEnabled,
    enrolmentTokenExpiresAt: c.enrolmentTokenExpiresAt?.toISOString() ?? null,
    enrolmentTokenMaxUses: c.enrolmentTokenMaxUses,
    enrolmentTokenUses,
    company: c.billingCompany,
    address: c.billingAddress,
    tax_id: c.billingTaxId,
    isResellerModeEnabled: c.resellerModeEnabled,
    resellerCouponCode: c.resellerModeApproved ? resellerCouponCode : null,
    isResellerModeRequestApprove: c.resellerModeApproved,
    created_at: c.createdAt.toISOString(),
  };
}

export async function update(ctx: AppContext, actor: CustomerActor, input: UpdateUserRequest) {
  const customerId = actor.id;
  return inTransaction(ctx.db, async (tx) => {
    const changes: Parameters<typeof repo.updateCustomer>[2] = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.phone_number !== undefined || input.country_code !== undefined) {
      // Either part alone is read with the other as stored (a new dial code re-reads the stored national digits).
      const stored = await repo.findCustomerById(tx, customerId);
      if (!stored) throw notFound('Account not found.');
      const dialCode = input.country_code !== undefined ? input.country_code : stored.countryCode;
      const phone = phoneColumns(input.phone_number ?? nationalPart(stored.phoneNumber), dialCode, 'phone_number');
      if (input.phone_number !== undefined) changes.phoneNumber = phone.phoneNumber;
      if (input.country_code !== undefined) changes.countryCode = phone.countryCode;
      if (phone.phoneNumber !== stored.phoneNumber) changes.phoneNumber = phone.phoneNumber;
      changes.country = phone.country;
    }
    if (input.company !== undefined) changes.billingCompany = input.company;
    if (input.address !== undefined) changes.billingAddress = input.address;
    if (input.tax_id !== undefined) changes.billingTaxId = input.tax_id;
    const profileFields = Object.keys(changes).filter((k) => k !== 'country');
    // Reseller mode is only requested here (spec 1 §4); staff approve it with approveReseller.
    if (input.isResellerModeEnabled === true) changes.resellerModeEnabled = true;
    // The login QR code's limits (issue 12, item 4).
    const qrLimits: string[] = [];
    if (input.enrolmentTokenExpiresAt !== undefined) {
      const at = input.enrolmentTokenExpiresAt === null ? null : new Date(input.enrolmentTokenExpiresAt);
      if (at && at.getTime() <= Date.now()) {
        throw new AppError(400, 'E_VALIDATION', 'enrolmentTokenExpiresAt: must be in the future', {
          errors: [{ field: 'enrolmentTokenExpiresAt', message: 'must be in the future' }],
        });
      }
      changes.enrolmentTokenExpiresAt = at;
      qrLimits.push(at ? `valid until ${at.toISOString()}` : 'no end date');
    }
    if (input.enrolmentTokenMaxUses !== undefined) {
      changes.enrolmentTokenMaxUses = input.enrolmentTokenMaxUses;
      qrLimits.push(
        input.enrolmentTokenMaxUses === null
          ? 'no enrolment limit'
          : `at most ${input.enrolmentTokenMaxUses} enrolments`,
      );
    }
    const row = await repo.updateCustomer(tx, customerId, changes);
    if (!row) throw notFound('Account not found.');
    if (qrLimits.length > 0) {
      await auditAccount(tx, row, actor, 'Update Profile', `Login QR code limits set: ${qrLimits.join(', ')}`);
    }
    if (profileFields.length > 0) {
      await auditAccount(tx, row, actor, 'Update Profile', `Profile updated (${profileFields.join(', ')})`);
    }
    if (input.isResellerModeEnabled === true) {
      await auditAccount(
        tx,
        row,
        actor,
        'Reseller Requested',
        row.resellerModeApproved ? 'Reseller mode requested (already approved)' : 'Reseller mode requested',
      );
    }
    return userDetailOf(ctx, tx, row);
  });
}

const COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const resellerCouponCode = () =>
  'R-' + Array.from({ length: 6 }, () => COUPON_ALPHABET[crypto.randomInt(COUPON_ALPHABET.length)]).join('');

/**
 * Staff approve a customer's reseller mode (spec 1 §4): the customer becomes an approved reseller and gets
 * a personal coupon (`R-XXXXXX`, buyers get 10% off). Idempotent: approving again keeps the same coupon.
 */
export async function approveReseller(ctx: AppContext, actor: Actor, customerId: string): Promise<UserDetail> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.updateCustomer(tx, customerId, { resellerModeEnabled: true, resellerModeApproved: true });
    if (!row) throw notFound('Account not found.');
    let code = await repo.findResellerCouponCode(tx, customerId);
    for (let attempt = 0; code === null; attempt++) {
      if (attempt === 10) throw new Error('could not draw a free reseller coupon code');
      code = await repo.insertResellerCoupon(tx, customerId, resellerCouponCode(), RESELLER_BUYER_DISCOUNT_PERCENT);
    }
    await auditAccount(tx, row, actor, 'Reseller Approved', `Reseller mode approved; personal coupon ${code}`);
    return toUserDetail(ctx, row, await repo.enrolmentTokenUsesOf(tx, customerId, row.enrolmentTokenHash), code);
  });
}

/**
 * A signed-in customer's password asked again (change password, two-step off) counts like a login attempt: 10 wrong
 * lock the account, so it is no oracle for the current password. A wrong one is audited as `refusal` and answers 400
 * `E_WRONG_PASSWORD`; a right one clears the failures.
 */
async function confirmPassword(
  ctx: AppContext,
  actor: CustomerActor,
  person: SignInPerson,
  password: string,
  refusal: { subType: 'Change Password' | 'Two Step Setting Changed'; message: string; answer: string },
) {
  // Counted per account and address like a login (DECISIONS §4); signed in already, so no captcha here.
  const who = { realm: 'customer', accountId: person.id, ip: actor.ip ?? 'unknown' } as const;
  const claim = await claimLoginAttempt(ctx.db, who);
  if (!claim.ok) throw accountLocked(claim.lockedUntil);
  if (!(await verifyPassword(password, person.passwordHash))) {
    await failLoginAttempt(ctx.db, who, claim.attempt);
    await auditAccount(ctx.db, { id: actor.id, email: person.email }, actor, refusal.subType, refusal.message, true);
    throw badRequest('E_WRONG_PASSWORD', refusal.answer);
  }
  await clearFailedLogins(ctx.db, who);
}

export async function changePassword(ctx: AppContext, actor: CustomerActor, input: Required<ChangePasswordRequest>) {
  const person = await personOfActor(ctx.db, actor);
  // Check first, hash last (issue 12, item 6): the cheap rules, then the old password, which counts like a login
  // attempt (10 wrong lock the account: no oracle for the current password), then the new hash.
  if (input.new_password !== input.confirm_password) {
    throw badRequest('E_PASSWORD_MISMATCH', 'New password and confirm password do not match.');
  }
  if (input.new_password === input.old_password) {
    throw badRequest('E_PASSWORD_SAME', 'The new password must be different from the old one.');
  }
  assertStrongPassword(input.new_password);
  await confirmPassword(ctx, actor, person, input.old_password, {
    subType: 'Change Password',
    message: 'Password change refused: wrong old password',
    answer: 'Your old password is incorrect.',
  });
  const passwordHash = await hashPassword(input.new_password);
  await inTransaction(ctx.db, async (tx, afterCommit) => {
    await setPassword(tx, person, passwordHash);
    await revokePersonSessions(tx, person, 'password change');
    await spendCredentials(tx, person.id);
    await auditAccount(
      tx,
      { id: actor.id, email: person.email },
      actor,
      'Change Password',
      'Password changed; all sessions signed out',
    );
    const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
    await sendEmail(person.email, emailTemplates.passwordChanged(ctx.config.productName, person.name));
  });
}

/**
 * Two-step on or off. Turning it off needs the password (issue 12, item 8): missing → 400 `E_VALIDATION` naming `password`; a
 * wrong one counts like a wrong login (400 `E_WRONG_PASSWORD`, 10 lock the account) and changes nothing. Turning it
 * off emails the customer.
 */
export async function updateSecuritySetting(
  ctx: AppContext,
  actor: CustomerActor,
  enabled: boolean,
  password?: string,
) {
  const person = await personOfActor(ctx.db, actor);
  if (!enabled) {
    if (!password) {
      throw badRequest('E_VALIDATION', 'password: enter your password to turn off two-step verification');
    }
    await confirmPassword(ctx, actor, person, password, {
      subType: 'Two Step Setting Changed',
      message: 'Turning off two-step verification refused: wrong password',
      answer: 'Your password is incorrect.',
    });
  }
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const before = await personOfActor(tx, actor);
    await setTwoStep(tx, before, enabled);
    await auditAccount(
      tx,
      { id: actor.id, email: before.email },
      actor,
      'Two Step Setting Changed',
      enabled ? 'Two-step email verification enabled' : 'Two-step email verification disabled',
    );
    if (!enabled && before.twoStepEnabled) {
      const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
      await sendEmail(before.email, emailTemplates.twoStepDisabled(ctx.config.productName, before.name));
    }
    const row = await repo.findCustomerById(tx, actor.id);
    if (!row) throw notFound('Account not found.');
    return row;
  });
}

export interface OfflineCustomerInput {
  email: string;
  /** Optional (DECISIONS §14): without one the customer sets their own with the welcome email's link. */
  password?: string | undefined;
  phoneNumber: string;
  name?: string | undefined;
  countryCode?: string | undefined;
}

/**
 * A customer created by staff (spec 3 "Create customer", DECISIONS §8): an offline customer, email verified, no Buy
 * Plan in the console; password rules as at registration. The name is the email's local part unless given.
 */
export async function createOfflineCustomer(ctx: AppContext, actor: Actor, input: OfflineCustomerInput) {
  if (input.password !== undefined) assertStrongPassword(input.password);
  const phone = phoneColumns(input.phoneNumber, input.countryCode, 'phoneNumber');
  // Without a password, one nobody knows: the account opens once the customer sets theirs with the link.
  const passwordHash = await hashPassword(input.password ?? randomToken());
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const now = new Date();
    const customer = await repo.insertCustomer(tx, {
      email: input.email,
      name: input.name ?? input.email.split('@')[0]!,
      passwordHash,
      ...phone,
      emailVerifiedAt: now,
      isOfflineCustomer: true,
      ...newEnrolmentToken(ctx),
    });
    if (!customer) throw new AppError(409, 'E_EMAIL_TAKEN', 'An account with this email already exists.');
    await auditAccount(tx, customer, actor, 'Registration', 'Account created by staff (offline customer)');
    // The welcome email with a link to set their own password (DECISIONS §14), through the outbox.
    const link = await issueLink(tx, ctx.secrets.linkKey, customer.id, 'reset-password', WELCOME_LINK_TTL_MS);
    const url = `${ctx.config.publicUrl}/reset-password?iv=${link.iv}&encryptedData=${link.encryptedData}`;
    const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
    await sendEmail(customer.email, emailTemplates.welcome(ctx.config.productName, customer.name, url));
    return customer;
  });
}

/**
 * Staff edit a customer (spec 3 "Edit customer"): the name, and the password when one is given — a new password ends
 * every session of the customer, as the customer's own change does.
 */
export async function staffUpdateCustomer(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  input: { name: string; password?: string | undefined },
) {
  if (input.password !== undefined) assertStrongPassword(input.password);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return inTransaction(ctx.db, async (tx, afterCommit) => {
    const before = await repo.findCustomerById(tx, customerId);
    if (!before) throw notFound('Customer not found.');
    const row = await repo.updateCustomer(tx, customerId, {
      name: input.name,
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (!row) throw notFound('Customer not found.');
    if (before.name !== input.name) {
      await auditAccount(tx, row, actor, 'Update Profile', `Name changed by staff: ${before.name} → ${input.name}`);
    }
    if (passwordHash !== undefined) {
      await revokeAllSessions(tx, 'customer', customerId, 'password changed by staff');
      await spendCredentials(tx, customerId);
      await auditAccount(tx, row, actor, 'Change Password', 'Password changed by staff; every session ended');
      // DECISIONS §8: the customer hears of it at once.
      const sendEmail = emailSenderOf(ctx.queue, tx, afterCommit);
      await sendEmail(row.email, emailTemplates.passwordChangedByStaff(ctx.config.productName, row.name));
    }
    return row;
  });
}
