import { sampleUser } from '@/test/mock-api';
import { planOf } from '@/test/plans';

type Family = 'PD' | 'PDOW' | 'SL' | 'PC' | 'UB' | 'KM' | 'POB' | 'PCHAT';

export const plan = (identifier: string, family: Family, overrides: Record<string, unknown> = {}) => {
  const oneTime = identifier.endsWith('OT');
  return {
    ...planOf(identifier, family),
    name: `${identifier} ${oneTime ? 'One-time' : 'Subscription'}`,
    amount: oneTime ? 79.99 : 29.99,
    features: [{ text: 'Remove bloatware', checked: true }],
    ...overrides,
  };
};

export const userDetailRoute = {
  'GET /api/v1/admin/users/detail': { body: { respones_msg: 'OK', data: sampleUser } },
};

export const priceDetail = (p: ReturnType<typeof plan>, defaultPaymentMethodDetail: unknown = null) => ({
  'GET /api/v1/admin/payments/price/detail': {
    body: { respones_msg: 'OK', data: p, defaultPaymentMethodDetail, userDetail: { email: sampleUser.email } },
  },
});

export const checkoutAnswer = (status = 'requires_payment_method') => ({
  respones_msg: 'Payment started',
  data: {
    clientSecret: 'pi_123_secret_abc',
    client_secret: 'pi_123_secret_abc',
    paymentId: 'pay-1',
    provider: 'sandbox',
    amount: 59.98,
    currency: 'eur',
    status,
  },
});

export const savedCard = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  type: 'card',
  card: { brand: 'visa', country: 'DE', exp_month: 4, exp_year: 2030, last4: '4242' },
  paypal: null,
  isDefault: false,
  ...overrides,
});
