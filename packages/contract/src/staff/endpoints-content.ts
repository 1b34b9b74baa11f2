import { messageSchema } from '../envelope.ts';
import {
  blogIdQuerySchema,
  blogListResponseSchema,
  blogResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contentPageQuerySchema,
  faqCreateRequestSchema,
  faqIdQuerySchema,
  faqListResponseSchema,
  faqResponseSchema,
  faqUpdateRequestSchema,
  newsletterListQuerySchema,
  newsletterListResponseSchema,
  pageViewReportQuerySchema,
  pageViewReportResponseSchema,
  videoCreateRequestSchema,
  videoIdQuerySchema,
  videoListResponseSchema,
  videoResponseSchema,
} from './content.ts';
import { staffEndpoint } from './staff-endpoint.ts';

/** Website content (spec 3 §7 Content) and the page-view report (spec 3 §7 Pricing, DECISIONS §8). */
const S = '/api/v1/super-admin';

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

export const contactUsList = staffEndpoint({
  area: 'contactUs',
  method: 'GET',
  path: `${S}/contactus/list`,
  query: contactListQuerySchema,
  response: contactListResponseSchema,
});
/** Export (`isExportData=true`): `Newsletters.csv`, header `Email,Created On`. */
export const newsletterList = staffEndpoint({
  area: 'newsletters',
  method: 'GET',
  path: `${S}/newsletter/list`,
  query: newsletterListQuerySchema,
  response: newsletterListResponseSchema,
});
/** Export (`isExportData=true`): `CountryWisePageView.csv`, header `Country,Count`. */
export const pageViewReport = staffEndpoint({
  area: 'pageViews',
  method: 'GET',
  path: `${S}/price/page-view/report`,
  query: pageViewReportQuerySchema,
  response: pageViewReportResponseSchema,
});
