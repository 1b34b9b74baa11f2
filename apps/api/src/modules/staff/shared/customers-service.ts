import type { CustomerPayment } from '@fleetdeck/contract/staff';
import { toCents } from '../../payments/money.ts';
import type * as repo from './customers-repository.ts';

// ------------------------------------------------------------------------------------ subscriptions page (detail)

export const paymentOf = (p: repo.CustomerPaymentRow): CustomerPayment => ({
  _id: p.id,
  productName: p.productName,
  priceId: { _id: p.planId, identifier: p.planIdentifier },
  family: p.family,
  subscriptionType: p.subscriptionType,
  subscriptionReason: p.subscriptionReason,
  qty: p.qty,
  totalAmount: toCents(p.totalAmount) / 100,
  currency: p.currency,
  coupon: p.couponCode,
  status: p.status,
  message: p.message,
  expiryAt: p.expiryAt?.toISOString() ?? null,
  refundBy: p.refundBy,
  isOfflinePayment: p.isOfflinePayment,
  note: p.note,
  recordedBy: p.recordedBy,
  created_at: p.createdAt.toISOString(),
});
