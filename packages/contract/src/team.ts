import { z } from 'zod/mini';
import { MAX_REQUEST_ITEMS, emailSchema, idOf, newPasswordSchema, personNameSchema, text } from './common.ts';
import { withData } from './envelope.ts';
// Not from fleet.ts: users/detail's schema reads this file, and the sign-in page should not load the fleet's schemas.
const groupIdSchema = idOf('group');

/**
 * Customer team (DECISIONS §12): several people in one account, each with a role the server enforces and, for Admin,
 * Technician and Viewer, optionally limited to some device groups. Calls under `/api/v1/admin/team`; the invited
 * person accepts at the public `POST team/accept`. The role table below is the only one: the server's guard, the
 * router, the sidebar and the buttons all read it.
 */

export const MEMBER_ROLES = ['Owner', 'Admin', 'Technician', 'Billing', 'Viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a call needs. `fleet.*`: devices, profiles, groups, templates, rollouts, commands, logs and the audit;
 * `fleet.bulk`: logging out more than one device at a time; `account.write`: the account's own settings (name,
 * invoice details, the enrolment QR code); `billing.*`: plans, payments, payment methods and their history.
 */
export const PERMISSIONS = [
  'fleet.read',
  'fleet.write',
  'fleet.bulk',
  'account.write',
  'billing.read',
  'billing.write',
  'team.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** DECISIONS §12, as a table. */
export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  Owner: PERMISSIONS,
  Admin: ['fleet.read', 'fleet.write', 'fleet.bulk', 'account.write'],
  Technician: ['fleet.read', 'fleet.write'],
  Billing: ['billing.read', 'billing.write'],
  Viewer: ['fleet.read'],
};

/** Roles a group scope applies to (Owner and Billing always see the whole account). */
export const GROUP_SCOPED_ROLES = ['Admin', 'Technician', 'Viewer'] as const satisfies readonly MemberRole[];

export const roleCan = (role: MemberRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** What a member of each role may do, in words (the team page and the invite dialog show it). */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  Owner: 'Everything, including the team and billing',
  Admin: 'Everything but the team and billing',
  Technician: 'Devices, groups, templates, rollouts and commands; logs out one device at a time; no billing or team',
  Billing: 'Plans, payments, payment methods and their history only',
  Viewer: 'Reads everything but billing, changes nothing',
};

/** An invite link is valid this long (DECISIONS §12). */
export const INVITE_VALID_DAYS = 7;

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: `must be one of ${MEMBER_ROLES.join(', ')}` });
export const memberIdSchema = idOf('member');
export const inviteIdSchema = idOf('invite');

/** The groups a member is limited to; null or absent: every group. */
export const memberGroupIdsSchema = z.nullable(
  z
    .array(groupIdSchema)
    .check(
      z.minLength(1, { error: 'choose at least one group, or leave it empty for every group' }),
      z.maxLength(MAX_REQUEST_ITEMS, { error: `must list at most ${MAX_REQUEST_ITEMS} groups` }),
    ),
);

export const teamInviteRequestSchema = z.object({
  email: emailSchema,
  role: memberRoleSchema,
  groupIds: z.optional(memberGroupIdsSchema),
});
export type TeamInviteRequest = z.input<typeof teamInviteRequestSchema>;

export const teamAcceptRequestSchema = z.object({
  token: text().check(
    z.trim(),
    z.minLength(20, { error: 'is not a valid invite link' }),
    z.maxLength(200, { error: 'is not a valid invite link' }),
  ),
  name: personNameSchema,
  password: newPasswordSchema,
});
export type TeamAcceptRequest = z.input<typeof teamAcceptRequestSchema>;

export const teamUpdateRequestSchema = z
  .object({ role: z.optional(memberRoleSchema), groupIds: z.optional(memberGroupIdsSchema) })
  .check(
    z.refine((b) => b.role !== undefined || b.groupIds !== undefined, {
      error: 'change the role or the groups',
    }),
  );
export type TeamUpdateRequest = z.input<typeof teamUpdateRequestSchema>;

const groupRefSchema = z.object({ _id: z.string(), name: z.string() });

export const teamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  /** null: every group. */
  groupIds: z.nullable(z.array(z.string())),
  groups: z.array(groupRefSchema),
  /** The registrant of the account (the first Owner). */
  isRegistrant: z.boolean(),
  enable_two_step_email_verification: z.boolean(),
  created_at: z.string(),
  last_login_at: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  groupIds: z.nullable(z.array(z.string())),
  groups: z.array(groupRefSchema),
  invited_by: z.nullable(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  /** Past its 7 days: resend it for a new link. */
  expired: z.boolean(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamResponseSchema = withData(
  z.object({ members: z.array(teamMemberSchema), invites: z.array(teamInviteSchema) }),
);
export type TeamResponse = z.infer<typeof teamResponseSchema>;
export const teamMemberResponseSchema = withData(teamMemberSchema);
export const teamInviteResponseSchema = withData(teamInviteSchema);
export const teamAcceptResponseSchema = withData(z.object({ email: z.string() }));

/** The signed-in person, in `users/detail` (`member`): the account menu names them; the console reads the role. */
export const signedInMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  groupIds: z.nullable(z.array(z.string())),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type SignedInMember = z.infer<typeof signedInMemberSchema>;
