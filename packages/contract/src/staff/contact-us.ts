import { z } from 'zod/mini';
import { contactMessageSchema } from '../content.ts';
import { staffListResponse, staffPageQuery } from './lists.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const CONTACT_SORT_FIELDS = ['name', 'email', 'subject', 'created_at'] as const;

export const contactListQuerySchema = z.object({
  ...staffPageQuery(),
  sortBy: z._default(
    z.enum(CONTACT_SORT_FIELDS, { error: `must be one of ${CONTACT_SORT_FIELDS.join(', ')}` }),
    'created_at',
  ),
  sortOrder: z._default(z.enum(['asc', 'desc'], { error: 'must be asc or desc' }), 'desc'),
});

export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactListResponseSchema = staffListResponse(contactMessageSchema);

export const contactUsList = staffEndpoint({
  area: 'contactUs',
  method: 'GET',
  path: `${S}/contactus/list`,
  query: contactListQuerySchema,
  response: contactListResponseSchema,
});
