import type { AppContext } from '../../../context.ts';
import { BLOG_IMAGE_MAX_BYTES } from '@fleetdeck/contract';
import type { FastifyPluginAsync } from 'fastify';
import * as content from '../../content/service.ts';
import multipart from '@fastify/multipart';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { answer } from '../../../lib/area-routes.ts';

/**
 * The back office's blogs (spec 3 §7 Content). Blog create/update read
 * `multipart/form-data` (only in this scope: the rest of the API takes JSON only), with the limits below; the image
 * rules are in `modules/content/images.ts`.
 */
export const staffBlogsRoutes =
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
        const BLOG_FORM =
          '`multipart/form-data`: title, shortDescription, longDescription (HTML, sanitised), category, tags (JSON ' +
          'text of a list), author, and optionally the file `imageFile` (JPG, PNG or WebP by its bytes, at most 5 MB ' +
          'and 40 megapixels; re-encoded without metadata, stored under a generated name, served at /upload/blog/).';
        route(staffApi.blogCreate, { summary: 'Creates a blog post', description: BLOG_FORM }, async (req) => ({
          respones_msg: 'Blog created successfully.',
          data: await content.createBlog(ctx, staffActorOf(req), () => req.parts()),
        }));

        route(
          staffApi.blogUpdate,
          {
            summary: 'Changes a blog post (a new imageFile replaces the picture)',
            description: `${BLOG_FORM} Plus id.`,
          },
          answer('Blog updated successfully.', (req) => content.updateBlog(ctx, staffActorOf(req), () => req.parts())),
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
          await content.deleteBlog(ctx, staffActorOf(req), req.query.id);
          return { respones_msg: 'Blog deleted successfully.' };
        });
      }),
    );
  };
