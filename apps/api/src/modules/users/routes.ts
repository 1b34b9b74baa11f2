import { usersApi } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { answerMessage, areaRoutes } from '../../lib/area-routes.ts';
import { customerActorOf, metaOf, requireMember, sessionOf } from '../../plugins/auth.ts';
import { signedInMemberOf } from '../team/service.ts';
import * as users from './service.ts';

/** Customer identity, spec 1 §7 (`usersApi`). Routes parse, authorise and call the service. */
export const userRoutes = (ctx: AppContext) =>
  areaRoutes({ tags: ['Customer account'], guardFor: requireMember(ctx) }, (route) => {
    route(
      usersApi.register,
      { summary: 'Register a customer account', public: true },
      answerMessage('Registration successful. We have sent a verification link to your email.', (req) =>
        users.register(ctx, req.body, metaOf(req)),
      ),
    );

    route(
      usersApi.verifyEmail,
      { summary: 'Verify the email with the emailed link', public: true },
      answerMessage('Your email has been verified. You can log in now.', (req) =>
        users.verifyEmail(ctx, req.body.iv, req.body.encryptedData, metaOf(req)),
      ),
    );

    route(
      usersApi.login,
      {
        summary: 'Log in (may answer with the two-step branch)',
        description:
          'Ten wrong passwords in 15 minutes from one address refuse the account from that address for 15 minutes ' +
          '(429 `E_ACCOUNT_LOCKED`); after 20 attempts in 15 minutes from anywhere the login needs `captcha` (the ALTCHA ' +
          'payload; without it 400 `E_CAPTCHA`), so nobody can lock another person out (DECISIONS §4).',
        public: true,
      },
      (req) => users.login(ctx, req.body, metaOf(req)),
    );

    route(
      usersApi.verifyOtp,
      { summary: 'Finish a two-step login with the emailed code', public: true },
      async (req) => {
        const token = await users.verifyOtp(ctx, req.body.email, req.body.otp, metaOf(req), req.body.challengeId);
        return { respones_msg: 'Logged in successfully.', data: { token } };
      },
    );

    route(usersApi.sendForgetPasswordLink, { summary: 'Email a password reset link', public: true }, async (req) => {
      await users.requestPasswordReset(ctx, req.body.email, metaOf(req));
      return { respones_msg: users.FORGOT_PASSWORD_MESSAGE };
    });

    route(
      usersApi.resetPassword,
      { summary: 'Set a new password with the emailed link', public: true },
      async (req) => {
        const b = req.body;
        await users.resetPassword(
          ctx,
          {
            password: b.password,
            confirm_password: b.confirm_password,
            iv: b.iv,
            encryptedData: (b.encrypted_data || b.encryptedData)!,
          },
          metaOf(req),
        );
        return { respones_msg: 'Your password has been reset. Please log in with the new password.' };
      },
    );

    route(
      usersApi.logout,
      { summary: 'Log out (revokes this token)' },
      answerMessage('Logged out successfully.', (req) => users.logout(ctx, sessionOf(req), customerActorOf(req))),
    );

    route(
      usersApi.detail,
      // The guard reads the customer's row with the session: one query per call (issue 13).
      { summary: 'The signed-in customer', options: { config: { withCustomerRow: true } } },
      async (req) => {
        const account = await (req.customerRow
          ? users.userDetailOf(ctx, ctx.db, req.customerRow)
          : users.detail(ctx, sessionOf(req).subjectId));
        // The person signed in (DECISIONS §12): their name, role and permissions, and their own two-step setting.
        const person = await signedInMemberOf(
          ctx.db,
          {
            id: account._id,
            name: account.name,
            email: account.email,
            twoStepEnabled: account.enable_two_step_email_verification,
          },
          sessionOf(req).member,
        );
        return {
          respones_msg: 'User detail',
          data: {
            ...account,
            enable_two_step_email_verification: person.twoStepEnabled,
            member: person.member,
            // Only in a login-as session: the console shows the staff banner and the minutes left.
            ...(req.impersonator
              ? {
                  staffSession: {
                    staffEmail: req.impersonator.email,
                    expiresAt: sessionOf(req).expiresAt.toISOString(),
                  },
                }
              : {}),
          },
        };
      },
    );

    route(
      usersApi.update,
      { summary: 'Update name, phone number or country code, or request reseller mode' },
      async (req) => {
        const data = await users.update(ctx, customerActorOf(req), req.body);
        const onlyReseller = req.body.isResellerModeEnabled === true && Object.keys(req.body).length === 1;
        return {
          respones_msg: !onlyReseller
            ? 'Profile updated successfully.'
            : data.isResellerModeRequestApprove
              ? 'Reseller mode is already enabled on your account.'
              : 'Your reseller request has been sent. We will review it shortly.',
          data,
        };
      },
    );

    route(
      usersApi.changePassword,
      { summary: 'Change the password (signs out every session)' },
      answerMessage('Password changed successfully. Please log in again.', (req) =>
        users.changePassword(ctx, customerActorOf(req), req.body),
      ),
    );

    route(usersApi.updateSecuritySetting, { summary: 'Switch two-step email verification' }, async (req) => {
      const on = req.body.enable_two_step_email_verification;
      await users.updateSecuritySetting(ctx, customerActorOf(req), on, req.body.password);
      return { respones_msg: on ? 'Two-step verification enabled.' : 'Two-step verification disabled.' };
    });

    route(
      usersApi.rotateEnrolmentToken,
      {
        summary: 'Rotate the enrolment token (a new login QR code)',
        description:
          'Issues a new enrolment token and login QR image URL. The previous QR code stops enrolling devices at once ' +
          '(401 `E_ENROLMENT_TOKEN_INVALID`) and its image URL answers 404; devices already enrolled keep working.',
        tags: ['Customer devices'],
      },
      async (req) => ({
        respones_msg: 'A new QR code was created. The previous one no longer enrols devices.',
        data: { loginQrCodeUrl: await users.rotateEnrolmentToken(ctx, customerActorOf(req)) },
      }),
    );
  });
