import type { Family } from '@fleetdeck/contract';
import type { PaymentDetail } from '@fleetdeck/contract/staff';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { activeDevicesOfFamily } from '../../devices/service.ts';
import { centsToNumber, numericToNumber } from '../../payments/money.ts';
import { paymentWithEmail } from '../../payments/refund-repository.ts';
import {
  notRefundableReason,
  proratedRefundCents,
  refundCapCents,
  refundFigures,
  refundLogoutPreview,
} from '../../payments/refunds.ts';

/**
 * `GET payments/detail` (spec 3 §7): the payment the refund page shows, with what remains of it, the prorated refund
 * of `refundQty` seats (default: every seat left) with the most that may be refunded for them, the customer's enrolled
 * devices of its family, and every device such a refund choosing `refundDevices` would log out.
 */
export async function paymentDetail(
  ctx: AppContext,
  query: { id: string; refundQty?: number | undefined; refundDevices?: string[] | undefined },
) {
  const found = await paymentWithEmail(ctx.db, query.id);
  if (!found) throw notFound('This payment does not exist.');
  const { payment, email } = found;
  const [f, devices] = await Promise.all([
    refundFigures(ctx.db, payment),
    activeDevicesOfFamily(ctx.db, payment.customerId, payment.family as Family),
  ]);
  const reason = notRefundableReason(payment, f);
  const refundQty = Math.min(query.refundQty ?? f.seatsLeft, f.seatsLeft);
  const toLogOut = reason ? [] : await refundLogoutPreview(ctx.db, payment, refundQty, query.refundDevices ?? []);
  const detail: PaymentDetail = {
    _id: payment.id,
    customerId: payment.customerId,
    email,
    productName: payment.productName,
    priceId: { _id: payment.planId, identifier: payment.planIdentifier },
    subscriptionType: payment.subscriptionType,
    subscriptionReason: payment.subscriptionReason,
    status: payment.status,
    isOfflinePayment: payment.isOfflinePayment,
    provider: payment.provider,
    qty: payment.qty,
    totalAmount: numericToNumber(payment.totalAmount),
    currency: payment.currency,
    refundedQty: f.refundedQty,
    refundedAmount: centsToNumber(f.refundedCents),
    seatsLeft: f.seatsLeft,
    remainingDays: f.remainingDays,
    periodDays: f.periodDays,
    refundQty,
    proratedRefundAmount: centsToNumber(reason ? 0 : proratedRefundCents(f, payment.qty, refundQty)),
    amountEditable: payment.subscriptionType === 'one_time',
    maxRefundAmount: centsToNumber(reason ? 0 : refundCapCents(payment, f, refundQty)),
    devicesToLogOut: toLogOut.map((d) => ({
      _id: d.id,
      deviceName: d.deviceName,
      serialNumber: d.serialNumber,
      chosen: d.chosen,
    })),
    refundable: reason === null,
    notRefundableReason: reason,
    refundBy: payment.refundBy,
    expiryAt: payment.expiryAt?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
    devices: devices.map((d) => ({ _id: d.id, deviceName: d.deviceName, serialNumber: d.serialNumber })),
  };
  return detail;
}
