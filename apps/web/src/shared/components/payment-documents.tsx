import type { CreditNoteSummary } from '@fleetdeck/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { formatDate, formatEuro } from '@/shared/lib/format';

/** What both payment histories show of a payment's refunds and documents (issue 22, DECISIONS §14). */
export interface PaymentRecord {
  _id: string;
  refundedAmount: number;
  refundedQty: number;
  refundedAt: string | null;
  invoiceNumber: string | null;
  creditNotes: CreditNoteSummary[];
}

/** "€89.97 refunded on 28 Nov 2026", or null when nothing was refunded. */
export function refundedText(row: Pick<PaymentRecord, 'refundedAmount' | 'refundedQty' | 'refundedAt'>) {
  if (row.refundedQty === 0 && row.refundedAmount === 0) return null;
  return `${formatEuro(row.refundedAmount)} refunded${row.refundedAt ? ` on ${formatDate(row.refundedAt)}` : ''}`;
}

export interface DocumentDownloads {
  invoice: (paymentId: string) => Promise<void>;
  creditNote: (paymentId: string, creditNoteId: string) => Promise<void>;
}

/**
 * Download buttons of a payment's invoice and of each refund's credit note (PDFs). A failed download is toasted with
 * the server's message by the query client, like any failed call.
 */
export function PaymentDocuments({ row, downloads }: { row: PaymentRecord; downloads: DocumentDownloads }) {
  const download = useMutation({
    mutationFn: (doc: { creditNoteId?: string }) =>
      doc.creditNoteId ? downloads.creditNote(row._id, doc.creditNoteId) : downloads.invoice(row._id),
  });
  const pendingId = download.isPending ? (download.variables.creditNoteId ?? 'invoice') : null;
  if (!row.invoiceNumber && row.creditNotes.length === 0) return null;
  return (
    <Stack gap={2} align="flex-start">
      {row.invoiceNumber ? (
        <DocumentButton
          label={row.invoiceNumber}
          title={`Download invoice ${row.invoiceNumber} (PDF)`}
          loading={pendingId === 'invoice'}
          onClick={() => download.mutate({})}
        />
      ) : null}
      {row.creditNotes.map((note) => (
        <DocumentButton
          key={note._id}
          label={note.number}
          title={`Download credit note ${note.number}: ${formatEuro(note.amount)} for ${note.qty} seat(s) (PDF)`}
          loading={pendingId === note._id}
          onClick={() => download.mutate({ creditNoteId: note._id })}
        />
      ))}
    </Stack>
  );
}

function DocumentButton(props: { label: string; title: string; loading: boolean; onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      px={4}
      leftSection={<IconFileDownload size={14} aria-hidden />}
      loading={props.loading}
      onClick={props.onClick}
      aria-label={props.title}
      title={props.title}
    >
      <Group gap={0} wrap="nowrap" component="span" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {props.label}
      </Group>
    </Button>
  );
}
