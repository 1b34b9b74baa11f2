import { z } from 'zod/mini';
import { idOf } from '../common.ts';
import { FAQ_ANSWER_MAX, faqQuestionSchema, faqSchema, faqStatusSchema, richTextSchema } from '../content.ts';
import { withData } from '../envelope.ts';
import { staffListResponse } from './lists.ts';
import { contentPageQuerySchema } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

export const faqCreateRequestSchema = z.object({
  question: faqQuestionSchema,
  answer: richTextSchema(FAQ_ANSWER_MAX),
  /** New FAQs are Active (spec 3 §4) unless told otherwise. */
  status: z.optional(faqStatusSchema),
});

export type FaqCreateRequest = z.input<typeof faqCreateRequestSchema>;

export const faqUpdateRequestSchema = z
  .object({
    id: idOf('FAQ'),
    status: z.optional(faqStatusSchema),
    question: z.optional(faqQuestionSchema),
    answer: z.optional(richTextSchema(FAQ_ANSWER_MAX)),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.question !== undefined || v.answer !== undefined, {
      error: 'Send a status, a question or an answer to change.',
    }),
  );
export type FaqUpdateRequest = z.input<typeof faqUpdateRequestSchema>;

export const faqIdQuerySchema = z.object({ id: idOf('FAQ') });

export const faqResponseSchema = withData(faqSchema);

export const faqListResponseSchema = staffListResponse(faqSchema);

export const faqCreate = staffEndpoint({
  area: 'faq',
  method: 'POST',
  path: `${S}/faq/create`,
  body: faqCreateRequestSchema,
  response: faqResponseSchema,
});

export const faqList = staffEndpoint({
  area: 'faq',
  method: 'GET',
  path: `${S}/faq/list`,
  query: contentPageQuerySchema,
  response: faqListResponseSchema,
});

export const faqDetail = staffEndpoint({
  area: 'faq',
  method: 'GET',
  path: `${S}/faq/detail`,
  query: faqIdQuerySchema,
  response: faqResponseSchema,
});

export const faqUpdate = staffEndpoint({
  area: 'faq',
  method: 'POST',
  path: `${S}/faq/update`,
  body: faqUpdateRequestSchema,
  response: faqResponseSchema,
});
