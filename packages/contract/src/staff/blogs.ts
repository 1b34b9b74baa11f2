import { z } from 'zod/mini';
import { idOf } from '../common.ts';
import { blogSchema, blogSummarySchema } from '../content.ts';
import { messageSchema, withData } from '../envelope.ts';
import { staffListResponse } from './lists.ts';
import { contentPageQuerySchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const blogIdQuerySchema = z.object({ id: idOf('blog') });

export const blogResponseSchema = withData(blogSchema);

export const blogListResponseSchema = staffListResponse(blogSummarySchema);

/**
 * `blog/create` and `blog/update` take `multipart/form-data`: the fields of `blogFieldsSchema` (update: plus `id`)
 * and an optional image file part `imageFile` (jpg, png or webp, at most 5 MB). No body schema here: the server
 * reads the parts as they stream and validates them with those schemas.
 */
export const blogCreate = staffEndpoint({
  area: 'blogs',
  method: 'POST',
  path: `${S}/blog/create`,
  response: blogResponseSchema,
});

export const blogUpdate = staffEndpoint({
  area: 'blogs',
  method: 'POST',
  path: `${S}/blog/update`,
  response: blogResponseSchema,
});

export const blogList = staffEndpoint({
  area: 'blogs',
  method: 'GET',
  path: `${S}/blog/list`,
  query: contentPageQuerySchema,
  response: blogListResponseSchema,
});

export const blogDetail = staffEndpoint({
  area: 'blogs',
  method: 'GET',
  path: `${S}/blog/detail`,
  query: blogIdQuerySchema,
  response: blogResponseSchema,
});

export const blogDelete = staffEndpoint({
  area: 'blogs',
  method: 'DELETE',
  path: `${S}/blog/delete`,
  query: blogIdQuerySchema,
  response: messageSchema,
});
