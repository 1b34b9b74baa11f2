import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeysApi, chatApi, devicesApi, paymentsApi, policyApi, sandboxApi, usersApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { startTestRuntime, type TestRuntime } from '../test/support/runtime.ts';
import { call } from '../test/support/call.ts';
import { codeIn, linkParams, uniqueEmail } from '../test/support/helpers.ts';
import { buy, enrolBody, enrolmentToken, newStaff, randomIp } from '../test/support/factory.ts';
import { card, confirm, solvedCaptcha } from '../test/support/payments.ts';
import { customerIdOf } from '../test/support/ledger.ts';

/**
 * Issue 12, Prove 6: secrets never reach the log. Known values are planted through the real flows that carry them —
 * passwords (register, login, wrong logins, change, reset), login codes (customer and staff, right and wrong),
 * emailed link tokens, session and device tokens, the enrolment token (right, wrong and rotated), the sandbox's
 * client secret and card numbers (tokenise, confirm, declined) and a Power Chat password — with the log captured at
 * `debug` (the runtime's pino destination is memory), then every captured line is searched for every value.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { env: { LOG_LEVEL: 'debug', OTP_LENGTH: '6' } });
}, 120_000);
afterAll(async () => rt?.close());

const tag = crypto.randomBytes(4).toString('hex');
/** Every value planted; each is searched for in the log afterwards. */
const planted = new Map<string, string>();
const plant = (what: string, value: string) => {
  planted.set(`${what}`, value);
  return value;
};

const ok = <R extends { statusCode: number; body: string }>(res: R, label: string): R => {
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
  return res;
};

async function mailAfter(email: string, before: number, pattern: RegExp) {
  return rt.smtp.waitFor(email, (m) => rt.smtp.inbox.indexOf(m) >= before && pattern.test(m.text));
}

/** The places a value may hide in a log line: as it is, JSON-escaped, URI-encoded, and a card's digits spaced. */
function variants(value: string): string[] {
  const out = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
  if (/^\d{16}$/.test(value)) out.add(value.replace(/(\d{4})(?=\d)/g, '$1 '));
  return [...out];
}

describe('secrets never logged (issue 12, Prove 6)', () => {
  it('no password, code, token, enrolment token, client secret or card number planted through the flows is logged', async () => {
    // Customer: register, verify, log in, wrong logins.
    const email = uniqueEmail('secret');
    const password = plant('register password', `Planted-Pass-${tag}-1`);
    const ip = randomIp();
    let before = rt.smtp.inbox.length;
    ok(await call(rt, usersApi.register, { body: { name: 'Secret Keeper', email, password }, ip }), 'register');
    const verifyMail = await mailAfter(email, before, /login\?/);
    const verifyLink = linkParams(verifyMail.text, '/login');
    plant('verify link iv', verifyLink.iv);
    plant('verify link data', verifyLink.encryptedData);
    // The browser opens the emailed link (its query string holds the token) before the page posts it.
    await rt.app.inject({ method: 'GET', url: `${verifyLink.url.pathname}${verifyLink.url.search}` });
    ok(
      await call(rt, usersApi.verifyEmail, { body: { iv: verifyLink.iv, encryptedData: verifyLink.encryptedData } }),
      'verify',
    );
    await call(rt, usersApi.login, {
      body: { email, password: plant('wrong login password', `Planted-Wrong-${tag}-2`) },
      ip: randomIp(),
    });
    // A body the schema refuses still carries the password: the refusal must not quote it.
    await call(rt, usersApi.login, {
      body: { email: 'not-an-email', password: plant('refused login password', `Planted-Refused-${tag}-3`) },
      ip: randomIp(),
    });
    const login = ok(await call(rt, usersApi.login, { body: { email, password }, ip }), 'login');
    const token = plant('customer session token', login.json<{ data: { token: string } }>().data.token);

    // Two-step: the emailed code, a wrong code, the challenge.
    ok(
      await call(rt, usersApi.updateSecuritySetting, { body: { enable_two_step_email_verification: true }, token }),
      'two-step on',
    );
    before = rt.smtp.inbox.length;
    const twoStep = ok(await call(rt, usersApi.login, { body: { email, password }, ip: randomIp() }), 'login 2');
    const challengeId = plant('otp challenge', twoStep.json<{ challengeId: string }>().challengeId);
    const code = plant('login code', codeIn((await mailAfter(email, before, /login code/)).text)!);
    const wrongCode = code === '999999' ? '999998' : '999999';
    await call(rt, usersApi.verifyOtp, { body: { email, otp: wrongCode, challengeId }, ip: randomIp() });
    const verified = ok(
      await call(rt, usersApi.verifyOtp, { body: { email, otp: code, challengeId }, ip: randomIp() }),
      'verify-otp',
    );
    plant('otp session token', verified.json<{ data: { token: string } }>().data.token);

    // Forgotten password: the reset link, a wrong link, the new password.
    before = rt.smtp.inbox.length;
    ok(await call(rt, usersApi.sendForgetPasswordLink, { body: { email }, ip: randomIp() }), 'forgot');
    const reset = linkParams((await mailAfter(email, before, /reset-password\?/)).text, '/reset-password');
    plant('reset link iv', reset.iv);
    plant('reset link data', reset.encryptedData);
    await rt.app.inject({ method: 'GET', url: `${reset.url.pathname}${reset.url.search}` });
    const resetPassword = plant('reset password', `Planted-Reset-${tag}-4`);
    await call(rt, usersApi.resetPassword, {
      body: { password: resetPassword, confirm_password: resetPassword, iv: reset.iv, encryptedData: 'AAAA' },
      ip: randomIp(),
    });
    ok(
      await call(rt, usersApi.resetPassword, {
        body: {
          password: resetPassword,
          confirm_password: resetPassword,
          iv: reset.iv,
          encryptedData: reset.encryptedData,
        },
        ip: randomIp(),
      }),
      'reset',
    );

    // Change password, wrong old one first (a new session: the reset ended the others).
    before = rt.smtp.inbox.length;
    await call(rt, usersApi.login, { body: { email, password: resetPassword }, ip: randomIp() });
    const code2 = plant('second login code', codeIn((await mailAfter(email, before, /login code/)).text)!);
    const session2 = ok(
      await call(rt, usersApi.verifyOtp, { body: { email, otp: code2 }, ip: randomIp() }),
      'verify-otp 2',
    ).json<{ data: { token: string } }>().data.token;
    plant('second session token', session2);
    const newPassword = plant('changed password', `Planted-Changed-${tag}-5`);
    await call(rt, usersApi.changePassword, {
      token: session2,
      body: {
        old_password: plant('wrong old password', `Planted-OldWrong-${tag}-6`),
        new_password: newPassword,
        confirm_password: newPassword,
      },
    });
    ok(
      await call(rt, usersApi.changePassword, {
        token: session2,
        body: { old_password: resetPassword, new_password: newPassword, confirm_password: newPassword },
      }),
      'change password',
    );

    // Devices: the enrolment token (right, wrong, rotated), the device token on every device call.
    const customerId = await customerIdOf(rt.ctx.db, email);
    await buy(rt, { id: customerId }, 'PD', 3);
    const enrolToken = plant('enrolment token', await enrolmentToken(rt, customerId));
    await call(rt, devicesApi.enrol, {
      body: enrolBody(plant('wrong enrolment token', `${enrolToken.slice(0, -4)}zzzz`)),
      ip: randomIp(),
    });
    const enrol = ok(await call(rt, devicesApi.enrol, { body: enrolBody(enrolToken), ip: randomIp() }), 'enrol');
    const deviceAuth = `Device ${plant('device token', enrol.json<{ deviceToken: string }>().deviceToken)}`;
    await call(rt, devicesApi.status, { token: deviceAuth, body: { batteryLevel: 50 } });
    await call(rt, policyApi.policy, { token: deviceAuth });
    await call(rt, devicesApi.logs, {
      token: deviceAuth,
      body: { logs: [{ deviceActivity: 'Kiosk', activityResult: 'Started' }] },
    });
    await call(rt, devicesApi.enrol, {
      body: enrolBody(`Device ${enrolToken}`, { serialNumber: 'x'.repeat(300) }),
      token: deviceAuth,
      ip: randomIp(),
    });

    // A session for the rest.
    before = rt.smtp.inbox.length;
    await call(rt, usersApi.login, { body: { email, password: newPassword }, ip: randomIp() });
    const code3 = plant('third login code', codeIn((await mailAfter(email, before, /login code/)).text)!);
    const session = ok(
      await call(rt, usersApi.verifyOtp, { body: { email, otp: code3 }, ip: randomIp() }),
      'otp 3',
    ).json<{
      data: { token: string };
    }>().data.token;
    plant('third session token', session);
    const rotated = ok(await call(rt, usersApi.rotateEnrolmentToken, { token: session }), 'rotate').json<{
      data: Record<string, string>;
    }>();
    expect(rotated.data.loginQrCodeUrl).toBeTruthy();
    const rotatedToken = plant('rotated enrolment token', await enrolmentToken(rt, customerId));
    await call(rt, devicesApi.enrol, { body: enrolBody(rotatedToken), ip: randomIp() });

    // An API key (DECISIONS §13): created, used, refused a call outside its scope, revoked, then refused (401).
    const created = ok(
      await call(rt, apiKeysApi.apiKeyCreate, {
        token: session,
        body: { name: `Key ${tag}`, scopes: ['devices:read'] },
      }),
      'api key create',
    ).json<{ data: { _id: string; key: string } }>().data;
    const apiKey = `Bearer ${plant('API key', created.key)}`;
    ok(await call(rt, devicesApi.profileList, { token: apiKey, query: {} }), 'api key call');
    expect((await call(rt, usersApi.detail, { token: apiKey })).statusCode).toBe(403);
    ok(await call(rt, apiKeysApi.apiKeyRevoke, { token: session, params: { id: created._id } }), 'api key revoke');
    expect((await call(rt, devicesApi.profileList, { token: apiKey, query: {} })).statusCode).toBe(401);

    // Payments (sandbox): card numbers through tokenise, checkout's client secret, confirm (declined, then paid).
    const visa = plant('card number', '4242424242424242');
    const declined = plant('declined card number', '4000000000000002');
    const mastercard = plant('tokenised card number', '5555555555554444');
    await call(rt, sandboxApi.tokeniseCard, { token: session, body: card(mastercard) });
    const checkout = ok(
      await call(rt, paymentsApi.purchase, {
        token: session,
        body: { priceId: 'PDOT', qty: 1, captcha: await solvedCaptcha(rt) },
        headers: { 'idempotency-key': `secret-${tag}` },
      }),
      'purchase',
    );
    const clientSecret = plant('client secret', checkout.json<{ data: { clientSecret: string } }>().data.clientSecret);
    await confirm(rt, clientSecret, card(declined));
    await confirm(rt, `${clientSecret}x`, card(visa));
    ok(await confirm(rt, clientSecret, card(visa)), 'confirm');

    // Power Chat: a chat user's password.
    await buy(rt, { id: customerId }, 'PCHAT', 1);
    await call(rt, chatApi.create, {
      token: session,
      body: { name: 'Chat', user_id: `chat-${tag}`, password: plant('chat user password', `Planted-Chat-${tag}-7`) },
    });

    // Staff: password, wrong password, code.
    const staff = await newStaff(rt, 'Admin');
    await call(rt, staffApi.login, {
      body: { email: staff.email, password: plant('staff wrong password', `Planted-StaffWrong-${tag}-8`) },
      ip: randomIp(),
    });
    before = rt.smtp.inbox.length;
    plant('staff password', staff.password);
    const staffChallenge = ok(
      await call(rt, staffApi.login, { body: { email: staff.email, password: staff.password }, ip: randomIp() }),
      'staff login',
    ).json<{ challengeId: string }>().challengeId;
    const staffCode = plant('staff code', codeIn((await mailAfter(staff.email, before, /login code/)).text)!);
    const staffSession = ok(
      await call(rt, staffApi.verifyOtp, {
        body: { email: staff.email, otp: staffCode, challengeId: staffChallenge },
        ip: randomIp(),
      }),
      'staff otp',
    ).json<{ data: { token: string } }>().data.token;
    plant('staff session token', staffSession);
    plant('staff bearer token', staff.token);
    await call(rt, staffApi.detail, { token: staffSession });

    // The workers have sent what they queued (emails, the payment event) before the log is searched.
    await rt.settle();
    const log = rt.logLines.join('');
    expect(log.length).toBeGreaterThan(1000); // the capture works: the flows above logged
    expect(log).toContain('request completed');
    const found: string[] = [];
    for (const [what, value] of planted) {
      expect(value.length, what).toBeGreaterThanOrEqual(6);
      for (const v of variants(value)) {
        const at = /^\d+$/.test(v) ? new RegExp(`(?<!\\d)${v}(?!\\d)`).exec(log)?.index : log.indexOf(v);
        if (at !== undefined && at >= 0) found.push(`${what}: …${log.slice(Math.max(0, at - 200), at + 60)}…`);
      }
    }
    expect(found).toEqual([]);
    expect(planted.size).toBeGreaterThanOrEqual(25);
  }, 120_000);
});
