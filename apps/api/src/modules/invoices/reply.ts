import type { FastifyReply } from 'fastify';

/** A PDF answer (invoice or credit note): private, not cached, saved under its number. */
export function sendPdf(reply: FastifyReply, doc: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);
}
