import { couponCreateRequestSchema, couponDetailResponseSchema, couponUpdateRequestSchema } from './coupons.ts';
import {
  couponListQuerySchema,
  couponListResponseSchema,
  failedPaymentEmailRequestSchema,
  failedPaymentEmailResponseSchema,
  paymentErrorsQuerySchema,
  paymentErrorsResponseSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  saveSettingRequestSchema,
  saveSettingResponseSchema,
  upcomingExpireQuerySchema,
  upcomingExpireResponseSchema,
  whatsappCountRequestSchema,
  whatsappCountResponseSchema,
} from './payment-lists.ts';
import { creditNoteParamsSchema, invoiceParamsSchema, pdfSchema } from '../payment-record.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Staff API base (DECISIONS §2). */
const S = '/api/v1/super-admin';

// ------------------------------------------------------------- payment history, expiry, errors, coupons (spec 3 §7)

/** Payment history; `isExportData=true` answers `payment-history.csv`. */
export const paymentHistory = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/history`,
  query: paymentHistoryQuerySchema,
  response: paymentHistoryResponseSchema,
});
/** The invoice PDF of any customer's Success payment (`content-type: application/pdf`; issue 22). */
export const paymentInvoice = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/:id/invoice`,
  params: invoiceParamsSchema,
  response: pdfSchema,
});
/** A credit note PDF of any customer's refund (`content-type: application/pdf`; issue 22). */
export const paymentCreditNote = staffEndpoint({
  area: 'paymentHistory',
  method: 'GET',
  path: `${S}/payments/:id/credit-notes/:creditNoteId`,
  params: creditNoteParamsSchema,
  response: pdfSchema,
});
export const failedPaymentEmail = staffEndpoint({
  area: 'paymentHistory',
  method: 'POST',
  path: `${S}/payments/fail/email`,
  body: failedPaymentEmailRequestSchema,
  response: failedPaymentEmailResponseSchema,
});
/** The WhatsApp link of a failed payment row (payment history and upcoming expiry, both SuperAdmin pages). */
export const updateWhatsappCount = staffEndpoint({
  area: 'paymentHistory',
  method: 'POST',
  path: `${S}/customers/updateWhatsappCount`,
  body: whatsappCountRequestSchema,
  response: whatsappCountResponseSchema,
});
export const upcomingExpireHistory = staffEndpoint({
  area: 'upcomingExpire',
  method: 'GET',
  path: `${S}/payments/upcoming-expire-history`,
  query: upcomingExpireQuerySchema,
  response: upcomingExpireResponseSchema,
});
export const paymentErrors = staffEndpoint({
  area: 'paymentErrors',
  method: 'GET',
  path: `${S}/payments/errors`,
  query: paymentErrorsQuerySchema,
  response: paymentErrorsResponseSchema,
});
export const coupons = staffEndpoint({
  area: 'coupons',
  method: 'GET',
  path: `${S}/payments/coupons`,
  query: couponListQuerySchema,
  response: couponListResponseSchema,
});
/** DECISIONS §14 "Coupons": create, then limit, expire, disable or enable (code and percent fixed once redeemed). */
export const couponCreate = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/coupons/create`,
  body: couponCreateRequestSchema,
  response: couponDetailResponseSchema,
});
export const couponUpdate = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/coupons/update`,
  body: couponUpdateRequestSchema,
  response: couponDetailResponseSchema,
});
export const saveSetting = staffEndpoint({
  area: 'coupons',
  method: 'POST',
  path: `${S}/payments/save/setting`,
  body: saveSettingRequestSchema,
  response: saveSettingResponseSchema,
});
