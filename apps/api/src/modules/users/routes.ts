import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  enrolmentTokenRotateResponseSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
  updateSecuritySettingRequestSchema,
  updateUserRequestSchema,
  userDetailResponseSchema,
  verifyEmailRequestSchema,
  verifyOtpRequestSchema,
} from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import { replies } from '../../lib/route-schema.ts';
import { metaOf, requireSession, sessionOf } from '../../plugins/auth.ts';
import * as users from './service.ts';

/** Customer identity, spec 1 §7, under /api/v1/admin/users. Routes parse, authorise and call the service. */
export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = requireSession(ctx, 'customer');
    const tags = ['Customer account'];

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Register a customer account',
          body: registerRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        await users.register(ctx, req.body, metaOf(req));
        return { respones_msg: 'Registration successful. We have sent a verification link to your email.' };
      },
    );

    app.post(
      '/verify/email',
      {
        schema: {
          tags,
          summary: 'Verify the email with the emailed link',
          body: verifyEmailRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        await users.verifyEmail(ctx, req.body.iv, req.body.encryptedData, metaOf(req));
        return { respones_msg: 'Your email has been verified. You can log in now.' };
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Log in (may answer with the two-step branch)',
          body: loginRequestSchema,
          response: replies(loginResponseSchema),
        },
      },
      async (req) => users.login(ctx, req.body, metaOf(req)),
    );

    app.post(
      '/verify-otp',
      {
        schema: {
          tags,
          summary: 'Finish a two-step login with the emailed code',
          body: verifyOtpRequestSchema,
          response: replies(tokenResponseSchema),
        },
      },
      async (req) => {
        const token = await users.verifyOtp(ctx, req.body.email, req.body.otp, metaOf(req));
        return { respones_msg: 'Logged in successfully.', data: { token } };
      },
    );

    app.post(
      '/send-forget-password-link',
      {
        schema: {
          tags,
          summary: 'Email a password reset link',
          body: forgetPasswordRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        await users.requestPasswordReset(ctx, req.body.email, metaOf(req));
        return { respones_msg: users.FORGOT_PASSWORD_MESSAGE };
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with the emailed link',
          body: resetPasswordRequestSchema,
          response: replies(messageSchema),
        },
      },
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

    app.get(
      '/logout',
      {
        preHandler: customer,
        schema: { tags, summary: 'Log out (revokes this token)', response: replies(messageSchema) },
      },
      async (req) => {
        await users.logout(ctx, sessionOf(req), metaOf(req));
        return { respones_msg: 'Logged out successfully.' };
      },
    );

    app.get(
      '/detail',
      {
        preHandler: customer,
        schema: { tags, summary: 'The signed-in customer', response: replies(userDetailResponseSchema) },
      },
      async (req) => ({
        respones_msg: 'User detail',
        data: await users.detail(ctx, sessionOf(req).subjectId),
      }),
    );

    app.post(
      '/update',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Update name, phone number or country code, or request reseller mode',
          body: updateUserRequestSchema,
          response: replies(userDetailResponseSchema),
        },
      },
      async (req) => {
        const data = await users.update(ctx, sessionOf(req).subjectId, req.body, metaOf(req));
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

    app.post(
      '/change-password',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Change the password (signs out every session)',
          body: changePasswordRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        await users.changePassword(ctx, sessionOf(req).subjectId, req.body, metaOf(req));
        return { respones_msg: 'Password changed successfully. Please log in again.' };
      },
    );

    app.post(
      '/update-security-setting',
      {
        preHandler: customer,
        schema: {
          tags,
          summary: 'Switch two-step email verification',
          body: updateSecuritySettingRequestSchema,
          response: replies(messageSchema),
        },
      },
      async (req) => {
        const on = req.body.enable_two_step_email_verification;
        await users.updateSecuritySetting(ctx, sessionOf(req).subjectId, on, metaOf(req));
        return { respones_msg: on ? 'Two-step verification enabled.' : 'Two-step verification disabled.' };
      },
    );
    app.post(
      '/enrolment-token/rotate',
      {
        preHandler: customer,
        schema: {
          tags: ['Customer devices'],
          summary: 'Rotate the enrolment token (a new login QR code)',
          description:
            'Issues a new enrolment token and login QR image URL. The previous QR code stops enrolling devices at once ' +
            '(401 `E_ENROLMENT_TOKEN_INVALID`) and its image URL answers 404; devices already enrolled keep working.',
          security: [{ token: [] }],
          response: replies(enrolmentTokenRotateResponseSchema),
        },
      },
      async (req) => ({
        respones_msg: 'A new QR code was created. The previous one no longer enrols devices.',
        data: { loginQrCodeUrl: await users.rotateEnrolmentToken(ctx, sessionOf(req).subjectId, metaOf(req)) },
      }),
    );
  };
