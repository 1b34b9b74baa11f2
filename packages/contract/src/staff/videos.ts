import { z } from 'zod/mini';
import { idOf, text } from '../common.ts';
import { videoLinkSchema, videoSchema } from '../content.ts';
import { messageSchema, withData } from '../envelope.ts';
import { staffListResponse } from './lists.ts';
import { contentPageQuerySchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const videoCreateRequestSchema = z.object({
  title: text().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(200)),
  link: videoLinkSchema,
});

export type VideoCreateRequest = z.input<typeof videoCreateRequestSchema>;

export const videoResponseSchema = withData(videoSchema);

export const videoListResponseSchema = staffListResponse(videoSchema);

export const videoIdQuerySchema = z.object({ id: idOf('video') });

export const videoCreate = staffEndpoint({
  area: 'videos',
  method: 'POST',
  path: `${S}/video/create`,
  body: videoCreateRequestSchema,
  response: videoResponseSchema,
});

export const videoList = staffEndpoint({
  area: 'videos',
  method: 'GET',
  path: `${S}/video/list`,
  query: contentPageQuerySchema,
  response: videoListResponseSchema,
});

export const videoDelete = staffEndpoint({
  area: 'videos',
  method: 'DELETE',
  path: `${S}/video/delete`,
  query: videoIdQuerySchema,
  response: messageSchema,
});
