import type { PaymentDetailResponse } from '@fleetdeck/contract/staff';

export const PAYMENT = '5b0b7f39-7a53-4a36-9b0e-0f3b9f7d1a11';
export const CUSTOMER = 'c0ffee00-7a53-4a36-9b0e-0f3b9f7d1a11';
export const DEVICE = 'd0d0d0d0-7a53-4a36-9b0e-0f3b9f7d1a11';

/** A `payments/detail` answer: 4 seats for €119.96 bought today, `refundQty` of them asked. */
export const paymentDetailAnswer = (
  refundQty: number,
  subscriptionType: 'recurring' | 'one_time' = 'recurring',
): PaymentDetailResponse => ({
  respones_msg: 'Payment detail',
  data: {
    _id: PAYMENT,
    customerId: CUSTOMER,
    email: 'buyer@acme.test',
    productName: 'Fleetdeck Subscription',
    priceId: { _id: 'p1', identifier: 'PD' },
    subscriptionType,
    subscriptionReason: 'subscription_create',
    status: 'Success',
    isOfflinePayment: false,
    provider: 'sandbox',
    qty: 4,
    totalAmount: 119.96,
    currency: 'eur',
    refundedQty: 0,
    refundedAmount: 0,
    seatsLeft: 4,
    remainingDays: 365,
    periodDays: 365,
    refundQty,
    proratedRefundAmount: Math.floor((11996 * refundQty) / 4) / 100,
    amountEditable: subscriptionType === 'one_time',
    maxRefundAmount: Math.floor((11996 * refundQty) / 4) / 100,
    refundable: true,
    notRefundableReason: null,
    refundBy: null,
    expiryAt: '2027-11-23T00:00:00.000Z',
    created_at: '2026-11-23T00:00:00.000Z',
    devices: [{ _id: DEVICE, deviceName: 'Front desk', serialNumber: 'SN-1' }],
    devicesToLogOut: [],
  },
});
