import { profileDetailSchema, type ProfileDetail } from '@fleetdeck/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

/** Base of the customer profile and device calls (spec 2 §7). */
export const ADMIN_API = '/api/v1/admin';
export const PROFILE_API = `${ADMIN_API}/profile`;

/**
 * What the profile update calls answer: `respones_msg` and the updated profile detail. The detail is read
 * leniently so a save that succeeded is never reported as a failure; when it does not parse the page refetches.
 */
export const profileUpdateAnswerSchema = z.object({ respones_msg: z.string(), data: z.optional(z.unknown()) });

export interface ProfileUpdateResult {
  respones_msg: string;
  /** The updated profile, when the answer carried it. */
  profile: ProfileDetail | null;
}

/** POSTs a profile update and returns its message and the updated profile detail (when it carries one). */
export const postProfileUpdate = async (path: string, body: unknown): Promise<ProfileUpdateResult> => {
  const answer = await apiRequest(`${PROFILE_API}/${path}`, {
    method: 'POST',
    body,
    schema: profileUpdateAnswerSchema,
  });
  const detail = profileDetailSchema.safeParse(answer.data);
  return { respones_msg: answer.respones_msg, profile: detail.success ? detail.data : null };
};
