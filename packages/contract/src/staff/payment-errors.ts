import { z } from 'zod/mini';
import { keysetPaginationSchema } from '../activity.ts';
import { isoDateQuerySchema, staffPageQuery } from './lists.ts';
import { emailFilter } from './shared/schemas.ts';
import { staffEndpoint, STAFF_API_BASE } from './staff-endpoint.ts';

const S = STAFF_API_BASE;

/** `GET payments/errors`: spec 3 "Payment errors", 5 to 500 rows a page. */
export const paymentErrorsQuerySchema = z.object({
  email: emailFilter,
  from_date: isoDateQuerySchema,
  to_date: isoDateQuerySchema,
  ...staffPageQuery('wide'),
});

export type PaymentErrorsQuery = z.input<typeof paymentErrorsQuerySchema>;

export type PaymentErrorsSearch = z.output<typeof paymentErrorsQuerySchema>;

/** Spec 3 §3 "Payment error". `email` is null when the provider named no customer: show the billing name then. */
export const paymentErrorRowSchema = z.object({
  _id: z.string(),
  email: z.nullable(z.string()),
  message: z.string(),
  code: z.nullable(z.string()),
  reqBody: z.object({
    error: z.object({
      code: z.nullable(z.string()),
      message: z.string(),
      payment_method: z.nullable(
        z.object({
          type: z.nullable(z.string()),
          billing_details: z.object({ name: z.nullable(z.string()) }),
        }),
      ),
    }),
  }),
  created_at: z.string(),
});

export type PaymentErrorRow = z.infer<typeof paymentErrorRowSchema>;

export const paymentErrorsResponseSchema = z.object({
  respones_msg: z.string(),
  data: z.array(paymentErrorRowSchema),
  pagination: keysetPaginationSchema,
});

export const paymentErrors = staffEndpoint({
  area: 'paymentErrors',
  method: 'GET',
  path: `${S}/payments/errors`,
  query: paymentErrorsQuerySchema,
  response: paymentErrorsResponseSchema,
});
