/** A staff price row as the API answers it (the pricing pages' tests), `over` replacing fields. */
export const PD = '5b0b7f39-7a53-4a36-9b0e-0f3b9f7d1a11';

export const price = (over: Record<string, unknown>) => ({
  _id: PD,
  name: 'Fleetdeck Subscription',
  identifier: 'PD',
  priceId: 'price_123',
  description: 'Renews yearly.',
  status: 'Active',
  apkLink: '',
  features: [{ text: 'Disable apps', checked: true }],
  amount: 29.99,
  currency: 'eur',
  interval: 'year',
  intervalCount: 1,
  type: 'recurring',
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
