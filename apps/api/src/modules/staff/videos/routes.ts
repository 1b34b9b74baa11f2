import type { AppContext } from '../../../context.ts';
import * as content from '../../content/service.ts';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';

/** The back office's videos page (spec 3 §7 Content). */
export const staffVideosRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: content'], (route) => {
    route(staffApi.videoCreate, { summary: 'Adds a video (title and an http(s) link)' }, async (req) => ({
      respones_msg: 'Video added successfully.',
      data: await content.createVideo(ctx, staffActorOf(req), req.body),
    }));

    route(staffApi.videoList, { summary: 'Videos, newest first' }, async (req) => ({
      respones_msg: 'Video list',
      ...(await content.listVideos(ctx, req.query)),
    }));

    route(staffApi.videoDelete, { summary: 'Deletes a video' }, async (req) => {
      await content.deleteVideo(ctx, staffActorOf(req), req.query.id);
      return { respones_msg: 'Video deleted successfully.' };
    });
  });
