import { paymentsApi } from '@fleetdeck/contract';
import type { DocumentDownloads } from '@/shared/components/payment-documents';
import { downloadFile } from '@/shared/lib/download-file';

/** `GET payments/:id/invoice` and `payments/:id/credit-notes/:creditNoteId`: the customer's own PDFs. */
export const customerDocuments: DocumentDownloads = {
  invoice: (id) => downloadFile(paymentsApi.invoice, { params: { id }, fallbackName: 'invoice.pdf' }),
  creditNote: (id, creditNoteId) =>
    downloadFile(paymentsApi.creditNote, { params: { id, creditNoteId }, fallbackName: 'credit-note.pdf' }),
};
