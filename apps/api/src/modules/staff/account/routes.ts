import type { FastifyRequest } from 'fastify';
import { areasOfRole, staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { metaOf, sessionOf } from '../../../plugins/auth.ts';
import { staffActorOf, staffAreaRoutes, staffOf } from '../guard.ts';
import * as session from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

/** Staff sign-in and the staff member's own account (spec 3 §7 "Staff session"). */
export const staffSessionRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: session'], (route) => {
    route(
      staffApi.login,
      {
        summary: 'Staff login, step one: the password (the emailed code follows, always)',
        description:
          'Checks the password and emails a login code. Unknown emails, wrong passwords and disabled accounts answer ' +
          'the same 401 `E_INVALID_CREDENTIALS`; ten wrong passwords in 15 minutes from one address refuse the account ' +
          'from that address for 15 minutes (429); after 20 attempts in 15 minutes from anywhere the login needs ' +
          '`captcha` (the ALTCHA payload; without it 400 `E_CAPTCHA`). ' +
          'The answer carries `challengeId`, an opaque id of this login attempt to send back with the code.',
      },
      (req) => session.login(ctx, req.body, metaOf(req)),
    );

    route(
      staffApi.verifyOtp,
      {
        summary: 'Staff login, step two: the emailed code; answers the staff token and role',
        description:
          'Send `challengeId` from the login answer with the code (required): the code allows 5 tries, each counted ' +
          'before the code is checked (then 400 `E_OTP_EXHAUSTED`). An unknown email or a challenge that does not name ' +
          'the latest code answers 400 `E_OTP_EXPIRED`: log in again.',
      },
      answer('Logged in successfully.', (req) =>
        session.verifyOtp(ctx, req.body.email, req.body.otp, metaOf(req), req.body.challengeId),
      ),
    );

    route(staffApi.detail, { summary: 'The signed-in staff member and the areas their role opens' }, (req) => {
      const staff = staffOf(req);
      return {
        respones_msg: 'Staff detail',
        data: { _id: staff.id, email: staff.email, name: staff.name, role: staff.role, areas: areasOfRole(staff.role) },
      };
    });

    route(
      staffApi.changePassword,
      { summary: 'Change the staff password (signs out every back-office session)' },
      async (req) => {
        await session.changePassword(ctx, staffActorOf(req), req.body);
        return { respones_msg: 'Password changed successfully. Please log in again.' };
      },
    );

    const logout = async (req: FastifyRequest) => {
      await session.logout(ctx, sessionOf(req), staffActorOf(req));
      return { respones_msg: 'Logged out successfully.' };
    };
    route(staffApi.logout, { summary: 'Log out of the back office (revokes this token)' }, logout);
    route(staffApi.logoutPost, { summary: 'Log out of the back office (POST form of the same call)' }, logout);
  });
