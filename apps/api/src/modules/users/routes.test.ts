import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customers, legacyUsers, loginAddressFailures, oneTimeCodes } from '../../db/schema.ts';
import { seal } from '../../lib/crypto.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { newCustomer } from '../../../test/support/factory.ts';
import { healthApi, qrApi, usersApi } from '@fleetdeck/contract';
import {
  STRONG_PASSWORD,
  codeIn,
  decodeQr,
  inOneWindow,
  jsonOf,
  linkParams,
  uniqueEmail,
} from '../../../test/support/helpers.ts';

/** A link's sealed token for the customer `userId` with `purpose`, expiring `ms` from now (negative: expired). */
const sealedLink = (key: Buffer, userId: string, purpose: string, nonce: string, ms: number) =>
  seal(key, { userId, purpose, nonce, exp: Date.now() + ms });

let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { env: { OLD_SYSTEM_LOGIN_URL: 'https://old.example.com/login' } });
});
afterAll(async () => rt?.close());

describe('register', () => {
  it('creates the account, audits it and emails a /login?iv=…&encryptedData=… link', async () => {
    const email = uniqueEmail('reg');
    const res = await call(rt, usersApi.register, {
      body: {
        name: 'Ann Admin',
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        registration_code: '',
        country_code: '+44',
        phone_number: '7700 900123',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res).respones_msg).toMatch(/verification link/);
    const mail = await rt.smtp.waitFor(email);
    expect(mail.subject).toBe('Verify your email for Fleetdeck');
    const link = linkParams(mail.text, '/login');
    expect(link.iv).toMatch(/^[0-9a-f]{24}$/);
    expect(link.encryptedData).toMatch(/^[0-9a-f]+$/);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(row?.countryCode).toBe('+44');
    // Stored in E.164 with its country (DECISIONS §14).
    expect(row?.phoneNumber).toBe('+447700900123');
    expect(row?.country).toBe('GB');
    const audit = await rt.ctx.db.execute<{ sub_type: string }>(
      sql`select sub_type from audit_entries where customer_id = ${row!.id}`,
    );
    expect(audit.rows.map((r) => r.sub_type)).toContain('Registration');
  });

  it('refuses a duplicate email whatever its case, and saves nothing', async () => {
    const email = uniqueEmail('dup');
    expect(
      (await call(rt, usersApi.register, { body: { name: 'A', email, password: STRONG_PASSWORD } })).statusCode,
    ).toBe(200);
    const again = await call(rt, usersApi.register, {
      body: { name: 'B', email: email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again)).toMatchObject({ code: 'E_EMAIL_TAKEN' });
    const rows = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('A');
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: STRONG_PASSWORD }, 'email'],
    [{ name: 'A', email: uniqueEmail(), password: 'short' }, 'password'],
    [{ name: 'A', email: uniqueEmail(), password: 'x'.repeat(129) }, 'password'],
    [{ name: '', email: uniqueEmail(), password: STRONG_PASSWORD }, 'name'],
    [{ name: 'A', email: uniqueEmail(), password: 12345678 }, 'password'],
    [{ name: 'A', email: uniqueEmail(), password: STRONG_PASSWORD, country_code: '44' }, 'country_code'],
    [{ name: 'A', email: uniqueEmail(), password: STRONG_PASSWORD, phone_number: 'call me' }, 'phone_number'],
    [{ email: uniqueEmail(), password: STRONG_PASSWORD }, 'name'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const res = await call(rt, usersApi.register, { body: payload });
    expect(res.statusCode).toBe(400);
    const body = jsonOf<{ code: string; respones_msg: string; errors: { field: string }[] }>(res);
    expect(body.code).toBe('E_VALIDATION');
    expect(body.respones_msg.startsWith(`${field}:`)).toBe(true);
  });

  it.each([
    [{ country_code: '+44', phone_number: '12345' }, 'is not a valid phone number for this country code'],
    [{ country_code: '+44', phone_number: '7700 900123 999' }, 'is not a valid phone number for this country code'],
    [
      { phone_number: '7700 900123' },
      'needs a country code: choose one, or write the number with + and its country code',
    ],
  ])('refuses a phone number that cannot be one with a 400 naming it: %j', async (phone, message) => {
    const email = uniqueEmail('badphone');
    const res = await call(rt, usersApi.register, { body: { name: 'A', email, password: STRONG_PASSWORD, ...phone } });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({
      code: 'E_PHONE_INVALID',
      respones_msg: `phone_number: ${message}`,
      errors: [{ field: 'phone_number', message }],
    });
    expect(await rt.ctx.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
  });

  it('stores a whole international number in E.164 whatever dial code is chosen', async () => {
    const email = uniqueEmail('intl');
    const res = await call(rt, usersApi.register, {
      body: { name: 'A', email, password: STRONG_PASSWORD, country_code: null, phone_number: '+49 30 1234567' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    expect(row).toMatchObject({ phoneNumber: '+49301234567', countryCode: '+49', country: 'DE' });
  });

  it('refuses a common password', async () => {
    const res = await call(rt, usersApi.register, {
      body: { name: 'A', email: uniqueEmail(), password: 'password123' },
    });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ code: 'E_PASSWORD_WEAK' });
  });

  it('answers malformed JSON, an empty body and a wrong media type with clear 4xx, never 5xx', async () => {
    // The raw bytes of a register call (not the contract's JSON).
    const registerRaw = (headers: Record<string, string> = {}, payload?: string) =>
      rt.app.inject({
        method: 'POST',
        url: usersApi.register.path,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
    const bad = await registerRaw({ 'content-type': 'application/json' }, '{"name":');
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(bad)).toMatchObject({ code: 'E_MALFORMED_JSON' });
    const empty = await registerRaw();
    expect(empty.statusCode).toBe(400);
    expect(jsonOf(empty).respones_msg).toBe('Request body is required');
    const text = await registerRaw({ 'content-type': 'text/plain' }, 'hello');
    expect(text.statusCode).toBe(415);
    const arr = await call(rt, usersApi.register, { body: [1, 2] });
    expect(arr.statusCode).toBe(400);
  });

  it('limits registrations per network address', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    // 20 a clock-aligned hour: the 21 calls must fall in one window.
    await inOneWindow(10, 3600);
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await call(rt, usersApi.register, {
            body: { name: 'A', email: uniqueEmail('rl'), password: 'password123' },
            token: undefined,
            ip,
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('verify/email', () => {
  it('verifies once; reuse, tampering and expiry each get a clear 400', async () => {
    const email = uniqueEmail('ver');
    await call(rt, usersApi.register, { body: { name: 'V', email, password: STRONG_PASSWORD } });
    const { iv, encryptedData } = linkParams((await rt.smtp.waitFor(email)).text, '/login');

    const flipped = encryptedData.slice(0, 10) + (encryptedData[10] === 'a' ? 'b' : 'a') + encryptedData.slice(11);
    const tampered = await call(rt, usersApi.verifyEmail, { body: { iv, encryptedData: flipped } });
    expect(tampered.statusCode).toBe(400);
    expect(jsonOf(tampered)).toMatchObject({ code: 'E_LINK_INVALID' });
    expect(jsonOf(await call(rt, usersApi.verifyEmail, { body: { iv: 'zz', encryptedData } }))).toMatchObject({
      code: 'E_LINK_INVALID',
    });

    const ok = await call(rt, usersApi.verifyEmail, { body: { iv, encryptedData } });
    expect(ok.statusCode).toBe(200);
    const reused = await call(rt, usersApi.verifyEmail, { body: { iv, encryptedData } });
    expect(reused.statusCode).toBe(400);
    expect(jsonOf(reused)).toMatchObject({ code: 'E_LINK_USED' });

    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    const expired = sealedLink(rt.ctx.secrets.linkKey, row!.id, 'verify-email', 'n-expired', -1000);
    expect(jsonOf(await call(rt, usersApi.verifyEmail, { body: expired }))).toMatchObject({ code: 'E_LINK_EXPIRED' });
    // A link sealed with another key (or for another purpose) does not open.
    const foreign = sealedLink(Buffer.alloc(32, 7), row!.id, 'verify-email', 'x', 60_000);
    expect(jsonOf(await call(rt, usersApi.verifyEmail, { body: foreign }))).toMatchObject({ code: 'E_LINK_INVALID' });
  });
});

describe('login', () => {
  it('refuses an unverified account and re-sends the link', async () => {
    const email = uniqueEmail('unv');
    await call(rt, usersApi.register, { body: { name: 'U', email, password: STRONG_PASSWORD } });
    await rt.smtp.waitFor(email);
    const res = await call(rt, usersApi.login, { body: { email, password: STRONG_PASSWORD, userAgent: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(jsonOf(res)).toMatchObject({ code: 'E_EMAIL_NOT_VERIFIED' });
    await rt.smtp.waitFor(email, (m) => m !== rt.smtp.inbox.find((x) => x.to.includes(email)));
  });

  it('gives a token without two-step, and the same answer for a wrong password and an unknown email', async () => {
    const { email, token } = await newCustomer(rt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await call(rt, usersApi.login, { body: { email, password: 'Wrong-Password-1' } });
    const unknown = await call(rt, usersApi.login, {
      body: { email: uniqueEmail('nobody'), password: 'Wrong-Password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(jsonOf(wrong)).toEqual(jsonOf(unknown));
    expect(jsonOf(wrong)).not.toHaveProperty('is_logout');
  });

  it('answers userExist: 1 for an email of the old portal', async () => {
    const email = uniqueEmail('legacy');
    await rt.ctx.db.insert(legacyUsers).values({ email, name: 'Old User' });
    const res = await call(rt, usersApi.login, { body: { email, password: 'Whatever-123' } });
    expect(res.statusCode).toBe(401);
    expect(jsonOf(res)).toMatchObject({ userExist: 1, code: 'E_LEGACY_USER' });
    const config = jsonOf<{ data: { oldSystemLoginUrl: string } }>(await call(rt, healthApi.config));
    expect(config.data.oldSystemLoginUrl).toBe('https://old.example.com/login');
  });

  it('locks the account from that address for 15 minutes after 10 wrong passwords, even for the right one', async () => {
    const { id, email, password } = await newCustomer(rt);
    for (let i = 0; i < 10; i++) {
      expect((await call(rt, usersApi.login, { body: { email, password: `Wrong-${i}-password` } })).statusCode).toBe(
        401,
      );
    }
    const locked = await call(rt, usersApi.login, { body: { email, password } });
    expect(locked.statusCode).toBe(429);
    expect(jsonOf(locked)).toMatchObject({ code: 'E_ACCOUNT_LOCKED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // No permanent lockout: once the window has passed the right password works again.
    await rt.ctx.db
      .update(loginAddressFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginAddressFailures.accountId, id));
    expect((await call(rt, usersApi.login, { body: { email, password } })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('accepts the token bare or as Bearer; refuses missing, forged and revoked tokens with is_logout: 1', async () => {
    const { token } = await newCustomer(rt);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);
    expect((await call(rt, usersApi.detail, { token: `Bearer ${token}` })).statusCode).toBe(200);
    // The forged token differs from the real one in its last character, whatever that character is.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const t of [undefined, 'x'.repeat(43), forged]) {
      const res = await call(rt, usersApi.detail, { token: t });
      expect(res.statusCode).toBe(401);
      expect(jsonOf(res)).toMatchObject({ is_logout: 1 });
    }
    expect((await call(rt, usersApi.logout, { token })).statusCode).toBe(200);
    const after = await call(rt, usersApi.detail, { token });
    expect(after.statusCode).toBe(401);
    expect(jsonOf(after)).toMatchObject({ is_logout: 1 });
  });

  it('expires a session idle for 12 hours', async () => {
    const { token } = await newCustomer(rt);
    await rt.ctx.db.execute(
      sql`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where revoked_at is null and subject_id = (select subject_id from sessions order by created_at desc limit 1)`,
    );
    const res = await call(rt, usersApi.detail, { token });
    expect(res.statusCode).toBe(401);
    expect(jsonOf(res)).toMatchObject({ code: 'E_SESSION_EXPIRED', is_logout: 1 });
  });
});

describe('detail and update', () => {
  it('returns every user-detail field, and a login QR PNG that encodes <PUBLIC_URL>/enrol?token=…', async () => {
    const { token, email } = await newCustomer(rt, { name: 'Quinn' });
    const body = jsonOf<{ data: Record<string, unknown> }>(await call(rt, usersApi.detail, { token }));
    expect(Object.keys(body.data).sort()).toEqual(
      [
        '_id',
        // The buyer on invoices and credit notes (issue 22).
        'address',
        'company',
        'tax_id',
        'country_code',
        'created_at',
        'email',
        'enable_two_step_email_verification',
        'enrolmentLink',
        // The login QR's limits (issue 12, item 4).
        'enrolmentTokenExpiresAt',
        'enrolmentTokenMaxUses',
        // The person signed in (DECISIONS §12).
        'member',
        'enrolmentTokenUses',
        'isOfflineCustomer',
        'isResellerModeEnabled',
        'isResellerModeRequestApprove',
        'loginQrCodeUrl',
        'resellerCouponCode',
        'name',
        'phone_number',
        'role',
        'stripe_customer_id',
        'stripe_plan_id',
        'subscription_expire_at',
      ].sort(),
    );
    expect(body.data).toMatchObject({
      email,
      name: 'Quinn',
      isOfflineCustomer: false,
      enable_two_step_email_verification: false,
    });
    const qrUrl = new URL(String(body.data.loginQrCodeUrl));
    expect(qrUrl.origin).toBe('http://localhost:3000');
    const png = await rt.app.inject({ method: 'GET', url: qrUrl.pathname });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // Embeddable from another origin (the console may be reached by another host name than PUBLIC_URL).
    expect(png.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(decodeQr(png.rawPayload)).toMatch(/^http:\/\/localhost:3000\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    // The copyable enrolment link is exactly the text inside the QR.
    expect(body.data.enrolmentLink).toBe(decodeQr(png.rawPayload));
    expect((await call(rt, qrApi.loginPng, { params: { file: 'AAAAAAAAAAAAAAAAAAAAAA.png' } })).statusCode).toBe(404);
  });

  it('updates name, phone and country code; refuses bad values and an empty change', async () => {
    const { token } = await newCustomer(rt);
    const ok = await call(rt, usersApi.update, {
      body: { name: 'New Name', phone_number: '(201) 555-0123', country_code: '+1' },
      token,
    });
    expect(ok.statusCode).toBe(200);
    expect(jsonOf(ok)).toMatchObject({ data: { name: 'New Name', phone_number: '+12015550123', country_code: '+1' } });
    // A new dial code alone re-reads the stored national digits; a number that cannot be one is refused.
    const moved = await call(rt, usersApi.update, {
      body: { country_code: '+44', phone_number: '7700 900123' },
      token,
    });
    expect(jsonOf(moved)).toMatchObject({ data: { phone_number: '+447700900123', country_code: '+44' } });
    const bad = await call(rt, usersApi.update, { body: { phone_number: '555 01' }, token });
    expect(bad.statusCode).toBe(400);
    expect(jsonOf(bad)).toMatchObject({ code: 'E_PHONE_INVALID' });
    expect((await call(rt, usersApi.update, { body: { country_code: 'UK' }, token })).statusCode).toBe(400);
    expect((await call(rt, usersApi.update, { body: { name: '   ' }, token })).statusCode).toBe(400);
    expect((await call(rt, usersApi.update, { body: {}, token })).statusCode).toBe(400);
    expect((await call(rt, usersApi.update, { body: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('change-password', () => {
  it('checks the old password and the confirmation, then revokes every token and sends a notice', async () => {
    const { token, email, password } = await newCustomer(rt);
    const second = jsonOf<{ data: { token: string } }>(await call(rt, usersApi.login, { body: { email, password } }))
      .data.token;
    const wrongOld = await call(rt, usersApi.changePassword, {
      body: {
        old_password: 'Not-The-Password',
        new_password: 'Brand-New-Pass-77',
        confirm_password: 'Brand-New-Pass-77',
      },
      token,
    });
    expect(jsonOf(wrongOld)).toMatchObject({ code: 'E_WRONG_PASSWORD' });
    const mismatch = await call(rt, usersApi.changePassword, {
      body: { old_password: password, new_password: 'Brand-New-Pass-77', confirm_password: 'Brand-New-Pass-78' },
      token,
    });
    expect(jsonOf(mismatch)).toMatchObject({ code: 'E_PASSWORD_MISMATCH' });
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);

    const ok = await call(rt, usersApi.changePassword, {
      body: { old_password: password, new_password: 'Brand-New-Pass-77', confirm_password: 'Brand-New-Pass-77' },
      token,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(401);
    expect((await call(rt, usersApi.detail, { token: second })).statusCode).toBe(401);
    await rt.smtp.waitFor(email, (m) => m.subject.includes('password was changed'));
    expect((await call(rt, usersApi.login, { body: { email, password } })).statusCode).toBe(401);
    expect((await call(rt, usersApi.login, { body: { email, password: 'Brand-New-Pass-77' } })).statusCode).toBe(200);
  });
});

describe('two-step login', () => {
  async function twoStepCustomer() {
    const c = await newCustomer(rt);
    const res = await call(rt, usersApi.updateSecuritySetting, {
      body: { enable_two_step_email_verification: true },
      token: c.token,
    });
    expect(res.statusCode).toBe(200);
    return c;
  }
  async function requestCode(email: string, password: string) {
    const before = rt.smtp.inbox.length;
    const res = await call(rt, usersApi.login, { body: { email, password, userAgent: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res)).toEqual({
      respones_msg: expect.any(String),
      enable_two_step_email_verification: true,
      challengeId: expect.any(String), // issue 12, item 3
    });
    const mail = await rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && Boolean(codeIn(m.text)));
    lastChallenge = jsonOf<{ challengeId: string }>(res).challengeId;
    return codeIn(mail.text)!;
  }
  let lastChallenge = '';
  /** By email alone a spent code answers like an unknown email (issue 24, item 6): no hint that a login happened. */
  async function expectAnswerLikeUnknownEmail(otp: string, email: string) {
    const known = await call(rt, usersApi.verifyOtp, { body: { otp, email } });
    const unknown = await call(rt, usersApi.verifyOtp, { body: { otp, email: uniqueEmail('ghost') } });
    expect(known.statusCode).toBe(400);
    expect(jsonOf(known)).toEqual(jsonOf(unknown));
  }

  it('answers the two-step branch without a token; the emailed code gives one, once', async () => {
    const { email, password } = await twoStepCustomer();
    const code = await requestCode(email, password);
    expect(code).toMatch(/^\d{4}$/);
    const ok = await call(rt, usersApi.verifyOtp, { body: { otp: code, email } });
    expect(ok.statusCode).toBe(200);
    const token = jsonOf<{ data: { token: string } }>(ok).data.token;
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(200);
    const reused = await call(rt, usersApi.verifyOtp, { body: { otp: code, email, challengeId: lastChallenge } });
    expect(jsonOf(reused)).toMatchObject({ code: 'E_OTP_EXPIRED' });
    await expectAnswerLikeUnknownEmail(code, email);
  });

  it('kills the code after 5 wrong tries, even for the right code', async () => {
    const { email, password } = await twoStepCustomer();
    const code = await requestCode(email, password);
    const wrong = code === '0000' ? '1111' : '0000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(jsonOf<{ code: string }>(await call(rt, usersApi.verifyOtp, { body: { otp: wrong, email } })).code);
    expect(answers.slice(0, 4)).toEqual(['E_OTP_INVALID', 'E_OTP_INVALID', 'E_OTP_INVALID', 'E_OTP_INVALID']);
    expect(answers[4]).toBe('E_OTP_EXHAUSTED');
    expect(jsonOf(await call(rt, usersApi.verifyOtp, { body: { otp: code, email } }))).toMatchObject({
      code: 'E_OTP_EXHAUSTED',
    });
  });

  it('refuses an expired code, a malformed code, and caps codes at 5 an hour', async () => {
    const { email, password } = await twoStepCustomer();
    const code = await requestCode(email, password);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    await rt.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.subjectId, row!.id));
    const challengeId = lastChallenge;
    expect(jsonOf(await call(rt, usersApi.verifyOtp, { body: { otp: code, email, challengeId } }))).toMatchObject({
      code: 'E_OTP_EXPIRED',
    });
    await expectAnswerLikeUnknownEmail(code, email);
    expect((await call(rt, usersApi.verifyOtp, { body: { otp: '12a4', email } })).statusCode).toBe(400);
    expect((await call(rt, usersApi.verifyOtp, { body: { otp: '12345', email } })).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) await call(rt, usersApi.login, { body: { email, password } });
    const sixth = await call(rt, usersApi.login, { body: { email, password } });
    expect(sixth.statusCode).toBe(429);
    expect(jsonOf(sixth)).toMatchObject({ code: 'E_OTP_SEND_LIMIT' });
    const stored = await rt.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.subjectId, row!.id));
    // Stored as a keyed hash, never the code: 64 hex characters (a substring test of the 4 digits failed by chance
    // about once in 200 runs, whenever the hex happened to contain them).
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((c) => /^[0-9a-f]{64}$/.test(c.codeHash) && c.codeHash !== code)).toBe(true);
  });

  it('an unknown email gets the same answer as a wrong code', async () => {
    const res = await call(rt, usersApi.verifyOtp, { body: { otp: '1234', email: uniqueEmail('ghost') } });
    expect(res.statusCode).toBe(400);
    expect(jsonOf(res)).toMatchObject({ code: 'E_OTP_INVALID' });
  });
});

describe('forgotten password', () => {
  /**
   * POST users/reset-password with `password` (typed again as `confirm`) and the link's parts, its sealed data sent as
   * `encrypted_data` (the email link's name) or, with `camel`, as `encryptedData`.
   */
  const resetPassword = (
    link: { iv: string; encryptedData: string },
    password: string,
    confirm = password,
    camel = false,
  ) =>
    call(rt, usersApi.resetPassword, {
      body: {
        password,
        confirm_password: confirm,
        iv: link.iv,
        ...(camel ? { encryptedData: link.encryptedData } : { encrypted_data: link.encryptedData }),
      },
    });

  it('answers the same for known and unknown emails; the link resets once and ends every session', async () => {
    const { email, token } = await newCustomer(rt);
    const known = await call(rt, usersApi.sendForgetPasswordLink, { body: { email } });
    const unknownEmail = uniqueEmail('unknown');
    const unknown = await call(rt, usersApi.sendForgetPasswordLink, { body: { email: unknownEmail } });
    expect(known.statusCode).toBe(200);
    expect(jsonOf(known)).toEqual(jsonOf(unknown));
    const mail = await rt.smtp.waitFor(email, (m) => m.subject.startsWith('Reset'));
    const { iv, encryptedData } = linkParams(mail.text, '/reset-password');

    const mismatch = await resetPassword({ iv, encryptedData }, 'Reset-Pass-1234', 'Reset-Pass-9999');
    expect(jsonOf(mismatch)).toMatchObject({ code: 'E_PASSWORD_MISMATCH' });
    const ok = await resetPassword({ iv, encryptedData }, 'Reset-Pass-1234');
    expect(ok.statusCode).toBe(200);
    expect((await call(rt, usersApi.detail, { token })).statusCode).toBe(401);
    await rt.smtp.waitFor(email, (m) => m.subject.includes('password was changed'));
    const reused = await resetPassword({ iv, encryptedData }, 'Reset-Pass-5678');
    expect(jsonOf(reused)).toMatchObject({ code: 'E_LINK_USED' });
    expect((await call(rt, usersApi.login, { body: { email, password: 'Reset-Pass-1234' } })).statusCode).toBe(200);
    expect(rt.smtp.inbox.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('refuses an expired reset link and a verification link used as a reset link', async () => {
    const { email } = await newCustomer(rt);
    const [row] = await rt.ctx.db.select().from(customers).where(eq(customers.email, email));
    const expired = sealedLink(rt.ctx.secrets.linkKey, row!.id, 'reset-password', 'n1', -1);
    expect(jsonOf(await resetPassword(expired, 'Reset-Pass-1234'))).toMatchObject({ code: 'E_LINK_EXPIRED' });
    const wrongPurpose = sealedLink(rt.ctx.secrets.linkKey, row!.id, 'verify-email', 'n2', 60_000);
    expect(jsonOf(await resetPassword(wrongPurpose, 'Reset-Pass-1234', 'Reset-Pass-1234', true))).toMatchObject({
      code: 'E_LINK_INVALID',
    });
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or codes', async () => {
    const { token, password } = await newCustomer(rt, { password: 'Secret-Log-Probe-991' });
    await call(rt, usersApi.detail, { token });
    const log = rt.logLines.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain('encryptedData=');
  });
});
