import type { AppContext } from '../../../context.ts';
import * as content from '../../content/service.ts';
import * as contentRepo from '../../content/repository.ts';
import { keysetBatches } from '../../../lib/csv-export.ts';
import { sendCsv } from '../../../lib/csv-export.ts';
import { staffApi } from '@fleetdeck/contract/staff';
import { staffAreaRoutes } from '../guard.ts';

/** The back office's newsletters page (spec 3 §7 Content). */
export const staffNewslettersRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: content'], (route) => {
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
  });
