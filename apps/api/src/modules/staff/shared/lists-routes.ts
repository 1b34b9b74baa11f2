import type { Endpoint, EndpointReply } from '@fleetdeck/contract';
import { type EndpointHandler, type EndpointRequest, answerList } from '../../../lib/area-routes.ts';
import { type CsvColumn, sendCsv } from '../../../lib/csv-export.ts';

export const PAGED =
  'Keyset-paged, newest first: `total` counts at most 10,000 rows (`totalCapped`); pages past them are reached with ' +
  '`nextCursor` (send it back as `cursor`).';

/** The file a list's `isExportData=true` answers: its name, columns and rows (the list's filters, every page). */
export interface CsvExport<Row> {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/**
 * The handler of a staff list with an export: `isExportData=true` streams `csv`'s file (`sendCsv`), anything else
 * answers `{ respones_msg: message, ...page }` with the page `list` reads.
 */
export function listOrCsv<E extends Endpoint, Row>(
  message: string,
  list: (request: EndpointRequest<E>) => Promise<Omit<EndpointReply<E>, 'respones_msg'>>,
  csv: (request: EndpointRequest<E>) => CsvExport<Row>,
): EndpointHandler<E> {
  const page = answerList(message, list);
  return (request, reply) =>
    (request.query as { isExportData?: boolean }).isExportData ? sendCsv(reply, csv(request)) : page(request, reply);
}
