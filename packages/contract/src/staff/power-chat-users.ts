import { z } from 'zod/mini';
import { blankAsAbsent } from '../activity.ts';
import { text } from '../common.ts';
import { isoDateQuerySchema, staffListResponse, staffPageQuery } from './lists.ts';
import { max, ownerSchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

// ---------------------------------------------------------------------------------------------- Power Chat users

export const powerChatUserListQuerySchema = z.object({
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  company: blankAsAbsent(text().check(z.trim(), max(200))),
  ...staffPageQuery('standard'),
});

export type PowerChatUserListQuery = z.input<typeof powerChatUserListQuerySchema>;

/** Spec 3 "Power Chat user": `fcmID` is the user's sign-in id, `company` the owning customer's name (or email). */
export const powerChatUserRowSchema = z.object({
  _id: z.string(),
  fcmID: z.string(),
  fcmData: z.object({ name: z.string(), company: z.string() }),
  userId: ownerSchema,
  created_at: z.string(),
});

export type PowerChatUserRow = z.infer<typeof powerChatUserRowSchema>;

export const powerChatUserListResponseSchema = staffListResponse(powerChatUserRowSchema);

// ------------------------------------------------------------------------------------------------ Power Chat users

export const powerChatUsers = staffEndpoint({
  area: 'powerChatUsers',
  method: 'GET',
  path: `${S}/customers/fcm/list`,
  query: powerChatUserListQuerySchema,
  response: powerChatUserListResponseSchema,
});
