import { staffApi } from '@fleetdeck/contract/staff';
import type { DocumentDownloads } from '@/shared/components/payment-documents';
import { downloadFile } from '@/shared/lib/download-file';

/** `GET super-admin/payments/:id/invoice` and `…/credit-notes/:creditNoteId`: any customer's PDFs. */
export const staffDocuments: DocumentDownloads = {
  invoice: (id) => downloadFile(staffApi.paymentInvoice, { params: { id }, fallbackName: 'invoice.pdf' }),
  creditNote: (id, creditNoteId) =>
    downloadFile(staffApi.paymentCreditNote, { params: { id, creditNoteId }, fallbackName: 'credit-note.pdf' }),
};
