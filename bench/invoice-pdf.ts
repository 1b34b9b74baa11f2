/**
 * Invoice and credit note PDFs (issue 22, target: an invoice rendered in ≤ 100 ms). Renders the documents the
 * endpoints send (`GET payments/:id/invoice`, `…/credit-notes/:creditNoteId`) from a payment row shaped as the
 * database returns it, in this process: the first render (cold: pdfkit loads its built-in font metrics), then `--runs`
 * invoices and as many credit notes one after another, compressed as served. No database: the endpoint's lookup is
 * one primary-key read, measured by the API tests' real PostgreSQL, not here.
 *
 *   npm run bench -- invoice-pdf [--runs 300]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { summarise } from '@fleetdeck/device-sim';
import { loadConfig } from '../apps/api/src/config.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import { renderDocumentPdf } from '../apps/api/src/modules/invoices/pdf.ts';
import { creditNoteDocument, invoiceDocument } from '../apps/api/src/modules/invoices/service.ts';
import type { PaymentRow } from '../apps/api/src/modules/payments/repository.ts';
import * as bench from './support.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '300' } } });
const RUNS = Number(args.runs);
const TARGET_MS = 100;

const config = loadConfig({
  SELLER_NAME: 'Fleetdeck Ltd',
  SELLER_ADDRESS: '1 Quay Street\\nDublin D02 X285\\nIreland',
  SELLER_TAX_ID: 'IE1234567X',
});
const ctx = { config } as AppContext;
const now = new Date();
const payment: PaymentRow = {
  id: '6f1b2c3d-0000-4000-8000-000000000001',
  customerId: '6f1b2c3d-0000-4000-8000-000000000002',
  planId: '6f1b2c3d-0000-4000-8000-000000000003',
  planIdentifier: 'PD',
  family: 'PD',
  productName: 'Fleetdeck Subscription',
  subscriptionType: 'recurring',
  subscriptionReason: 'subscription_create',
  qty: 10,
  unitAmount: '29.99',
  discountAmount: '29.99',
  totalAmount: '269.91',
  currency: 'eur',
  couponCode: 'SPRING10',
  status: 'Partially refunded',
  message: null,
  errorCode: null,
  paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
  provider: 'stripe',
  providerRef: 'pi_3QabcDEF123',
  providerSubscriptionId: 'sub_123',
  idempotencyKey: null,
  expiryAt: new Date(now.getTime() + 365 * 86_400_000),
  isOfflinePayment: false,
  note: null,
  refundBy: 'finance@fleetdeck.test',
  refundedAmount: '80.97',
  refundedQty: 3,
  refundedAt: now,
  invoiceNumber: `INV-${now.getUTCFullYear()}-000042`,
  invoicedAt: now,
  createdAt: now,
  updatedAt: now,
};
const found = {
  payment,
  buyer: {
    name: 'Ada Buyer',
    email: 'ada@acme.example',
    company: 'Acme Fleet GmbH',
    address: 'Hauptstraße 1\n10115 Berlin\nGermany',
    taxId: 'DE123456789',
  },
};
const note = {
  id: '6f1b2c3d-0000-4000-8000-000000000004',
  number: `CN-${now.getUTCFullYear()}-000007`,
  paymentId: payment.id,
  refundId: '6f1b2c3d-0000-4000-8000-000000000005',
  customerId: payment.customerId,
  amount: '80.97',
  qty: 3,
  createdAt: now,
};

async function timedRender(make: () => ReturnType<typeof invoiceDocument>) {
  const t = performance.now();
  const pdf = await renderDocumentPdf(make());
  return { ms: performance.now() - t, bytes: pdf.length };
}

bench.runBenchmark(async () => {
  const startedAt = new Date();
  const load = bench.loadAverage();
  const cold = await timedRender(() => invoiceDocument(ctx, found));
  const invoices: number[] = [];
  const credits: number[] = [];
  let invoiceBytes = 0;
  let creditBytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const inv = await timedRender(() => invoiceDocument(ctx, found));
    invoices.push(inv.ms);
    invoiceBytes = inv.bytes;
    const cn = await timedRender(() => creditNoteDocument(ctx, found, note));
    credits.push(cn.ms);
    creditBytes = cn.bytes;
  }
  const invoice = summarise(invoices);
  const creditNote = summarise(credits);
  const pass = bench.round(cold.ms) <= TARGET_MS && invoice.p95 <= TARGET_MS;
  console.log(`first invoice (cold): ${bench.round(cold.ms)} ms, ${cold.bytes} bytes`);
  console.log(`invoice: ${bench.fmtLatency(invoice)}, ${invoiceBytes} bytes`);
  console.log(`credit note: ${bench.fmtLatency(creditNote)}, ${creditBytes} bytes`);
  console.log(`target ≤ ${TARGET_MS} ms (cold and p95): ${pass ? 'met' : 'NOT met'}`);
  const result = {
    startedAt,
    machine: bench.machineFacts(),
    loadAverage: load,
    runs: RUNS,
    targetMs: TARGET_MS,
    coldInvoiceMs: bench.round(cold.ms),
    invoice,
    creditNote,
    bytes: { invoice: invoiceBytes, creditNote: creditBytes },
    pass,
  };
  const md = `# Invoice and credit note PDFs

${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${bench.machineFacts().cpus} CPUs (${bench.machineFacts().cpuModel}, shared) · load ${load.join(' ')}

Produced by \`npm run bench -- invoice-pdf\` (bench/invoice-pdf.ts): pdfkit 0.20.2 in-process, the documents the
endpoints serve (seller, buyer with company/address/tax id, plan line, coupon, total, method; credit note with its
invoice), compressed. ${RUNS} of each, one after another.

| document | p50 | p95 | p99 | max | size |
|---|---:|---:|---:|---:|---:|
| first invoice (cold) | ${bench.round(cold.ms)} ms | | | | ${cold.bytes} B |
| invoice | ${invoice.p50} ms | ${invoice.p95} ms | ${invoice.p99} ms | ${invoice.max} ms | ${invoiceBytes} B |
| credit note | ${creditNote.p50} ms | ${creditNote.p95} ms | ${creditNote.p99} ms | ${creditNote.max} ms | ${creditBytes} B |

Target: an invoice rendered in ≤ ${TARGET_MS} ms (cold and p95): **${pass ? 'met' : 'not met'}**.
`;
  await bench.writeResults('invoice-pdf', startedAt, result, md);
  if (!pass) throw new Error(`invoice PDF over ${TARGET_MS} ms`);
});
