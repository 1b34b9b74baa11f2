import { type BloatwareApp, staffApi } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import type { CsvColumn } from '../../../lib/csv-export.ts';
import { staffActorOf, staffAreaRoutes } from '../guard.ts';
import { PAGED, listOrCsv } from '../shared/lists-routes.ts';
import * as ops from './service.ts';
import { answer } from '../../../lib/area-routes.ts';

const BLOATWARE_COLUMNS: CsvColumn<BloatwareApp>[] = [
  { header: 'Package Name', value: (r) => r.packageName },
  { header: 'Is Bloatware', value: (r) => (r.isBloatware === null ? '' : r.isBloatware ? 'Yes' : 'No') },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Created By', value: (r) => r.created_by },
  { header: 'Created On', value: (r) => r.created_at },
];

/** The back office's bloatware page (spec 3; DECISIONS §8). */
export const staffBloatwareRoutes = (ctx: AppContext) =>
  staffAreaRoutes(ctx, ['Back office: devices and notifications'], (route) => {
    route(
      staffApi.bloatwareList,
      {
        summary: 'The bloatware catalogue',
        description:
          'Every package a customer disabled for the first time (`created_by`: that customer); `isBloatware` true/false ' +
          `filters Yes/No (absent: all, including packages not judged yet: null). ${PAGED} \`isExportData=true\` ` +
          'answers `BloatwareAppList.csv`.',
      },
      listOrCsv(
        'Bloatware apps',
        (req) => ops.bloatwareList(ctx, req.query),
        (req) => ({
          fileName: 'BloatwareAppList.csv',
          columns: BLOATWARE_COLUMNS,
          rows: ops.bloatwareExportRows(ctx, req.query.isBloatware),
        }),
      ),
    );

    route(
      staffApi.bloatwareUpdate,
      {
        summary: 'Mark a package as bloatware (Yes) or not (No)',
        description:
          'Packages marked Yes are suggested to customers ("Suggested to disable" in the Applications tab). A package ' +
          'not in the catalogue: 404.',
      },
      answer('Bloatware app updated.', (req) => ops.bloatwareUpdate(ctx, staffActorOf(req), req.body)),
    );
  });
