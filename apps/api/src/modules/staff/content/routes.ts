import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { BLOG_IMAGE_MAX_BYTES } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { keysetBatches, sendCsv } from '../../../lib/csv-export.ts';
import * as content from '../../content/service.ts';
import * as contentRepo from '../../content/repository.ts';
import { staffAreaRoutes, staffOf } from '../guard.ts';
import * as pageViews from './repository.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Website content in the back office (spec 3 §7 Content) and the page-view report. Blog create/update read
 * `multipart/form-data` (only in this scope: the rest of the API takes JSON only), with the limits below; the image
 * rules are in `modules/content/images.ts`.
 */
export const staffContentRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      // Busboy keeps the client's path in the file name, so a name like ../../x.png is seen and refused.
      preservePath: true,
      limits: {
        fileSize: BLOG_IMAGE_MAX_BYTES,
        files: 1,
        fields: 20,
        fieldSize: 256 * 1024,
        parts: 24,
        headerPairs: 50,
      },
    });
    await app.register(
      staffAreaRoutes(ctx, ['Back office: content'], (route) => {
        // ---------------------------------------------------------------------------------------------- videos
        route(staffApi.videoCreate, { summary: 'Adds a video (title and an http(s) link)' }, async (req) => ({
          respones_msg: 'Video added successfully.',
          data: await content.createVideo(ctx, staffOf(req).id, req.body),
        }));
        route(staffApi.videoList, { summary: 'Videos, newest first' }, async (req) => ({
          respones_msg: 'Video list',
          ...(await content.listVideos(ctx, req.query)),
        }));
        route(staffApi.videoDelete, { summary: 'Deletes a video' }, async (req) => {
          await content.deleteVideo(ctx, req.query.id);
          return { respones_msg: 'Video deleted successfully.' };
        });

        // ------------------------------------------------------------------------------------------------- FAQ
        route(
          staffApi.faqCreate,
          { summary: 'Adds an FAQ entry (Active unless told otherwise)', description: 'The answer HTML is sanitised.' },
          async (req) => ({ respones_msg: 'FAQ added successfully.', data: await content.createFaq(ctx, req.body) }),
        );
        route(staffApi.faqList, { summary: 'FAQ entries, newest first' }, async (req) => ({
          respones_msg: 'FAQ list',
          ...(await content.listFaqs(ctx, req.query)),
        }));
        route(staffApi.faqDetail, { summary: 'One FAQ entry' }, async (req) => ({
          respones_msg: 'FAQ detail',
          data: await content.faqDetail(ctx, req.query.id),
        }));
        route(
          staffApi.faqUpdate,
          { summary: 'Changes an FAQ entry: status (the badge toggle), question, answer' },
          async (req) => ({ respones_msg: 'FAQ updated successfully.', data: await content.updateFaq(ctx, req.body) }),
        );

        // ----------------------------------------------------------------------------------------------- blogs
        const BLOG_FORM =
          '`multipart/form-data`: title, shortDescription, longDescription (HTML, sanitised), category, tags (JSON ' +
          'text of a list), author, and optionally the file `imageFile` (JPG, PNG or WebP by its bytes, at most 5 MB ' +
          'and 40 megapixels; re-encoded without metadata, stored under a generated name, served at /upload/blog/).';
        route(staffApi.blogCreate, { summary: 'Creates a blog post', description: BLOG_FORM }, async (req) => ({
          respones_msg: 'Blog created successfully.',
          data: await content.createBlog(ctx, () => req.parts()),
        }));
        route(
          staffApi.blogUpdate,
          {
            summary: 'Changes a blog post (a new imageFile replaces the picture)',
            description: `${BLOG_FORM} Plus id.`,
          },
          async (req) => ({
            respones_msg: 'Blog updated successfully.',
            data: await content.updateBlog(ctx, () => req.parts()),
          }),
        );
        route(staffApi.blogList, { summary: 'Blog posts, newest first' }, async (req) => ({
          respones_msg: 'Blog list',
          ...(await content.listBlogs(ctx, req.query)),
        }));
        route(staffApi.blogDetail, { summary: 'One blog post' }, async (req) => ({
          respones_msg: 'Blog detail',
          data: await content.blogDetail(ctx, req.query.id),
        }));
        route(staffApi.blogDelete, { summary: 'Deletes a blog post and its picture' }, async (req) => {
          await content.deleteBlog(ctx, req.query.id);
          return { respones_msg: 'Blog deleted successfully.' };
        });

        // ------------------------------------------------------------------------------ contact, newsletter
        route(
          staffApi.contactUsList,
          { summary: 'Contact form messages', description: 'Sortable by name, email, subject, created_at.' },
          async (req) => ({ respones_msg: 'Contact us list', ...(await content.listContacts(ctx, req.query)) }),
        );
        route(
          staffApi.newsletterList,
          {
            summary: 'Newsletter subscribers',
            description: '`isExportData=true`: Newsletters.csv (Email,Created On).',
          },
          async (req, reply) => {
            if (req.query.isExportData) {
              return sendCsv(reply, {
                fileName: 'Newsletters.csv',
                columns: [
                  { header: 'Email', value: (r) => r.email },
                  { header: 'Created On', value: (r) => r.createdAt },
                ],
                rows: keysetBatches(
                  (after: { createdAt: Date; id: string } | undefined, size) =>
                    contentRepo.subscriberBatch(ctx.db, after ?? null, size),
                  (r) => ({ createdAt: r.createdAt, id: r.id }),
                ),
              });
            }
            return { respones_msg: 'Newsletter list', ...(await content.listSubscribers(ctx, req.query)) };
          },
        );

        // ---------------------------------------------------------------------------------- page-view report
        route(
          staffApi.pageViewReport,
          {
            summary: 'Visitors by country (distinct address hashes) of the Home and Payment pages',
            description:
              '`page`: All (default), Home or Payment; `from_date`/`to_date`: inclusive days (default today, UTC); ' +
              '`pageNumber`, `limit` 5 to 100. `isExportData=true`: CountryWisePageView.csv (Country,Count).',
          },
          async (req, reply) => {
            const q = req.query;
            const filter: pageViews.PageViewFilter = {
              from: q.from_date ?? today(),
              to: q.to_date ?? today(),
              page: q.page === 'Home' || q.page === 'Payment' ? q.page : null,
            };
            if (filter.from > filter.to) filter.from = filter.to;
            if (q.isExportData) {
              const rows = await pageViews.countryWisePageViews(ctx.db, filter, null);
              return sendCsv(reply, {
                fileName: 'CountryWisePageView.csv',
                columns: [
                  { header: 'Country', value: (r) => r.country },
                  { header: 'Count', value: (r) => r.count },
                ],
                rows: (async function* () {
                  yield* rows;
                })(),
              });
            }
            const [rows, total] = await Promise.all([
              pageViews.countryWisePageViews(ctx.db, filter, {
                limit: q.limit,
                offset: (q.pageNumber - 1) * q.limit,
              }),
              pageViews.countryCount(ctx.db, filter),
            ]);
            return {
              respones_msg: 'Country-wise page views',
              data: rows.map((r) => ({ _id: r.country, country: r.country, count: r.count })),
              pagination: { page: q.pageNumber, limit: q.limit, total, totalCapped: false, nextCursor: null },
            };
          },
        );
      }),
    );
  };
