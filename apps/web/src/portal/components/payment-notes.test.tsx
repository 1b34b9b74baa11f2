import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('payment notes (spec 3 "Coupons")', () => {
  it('shows the notes staff wrote on the pricing page as plain text with its line breaks', async () => {
    mockApi({
      'GET /api/v1/pricing': {
        body: { respones_msg: 'Plan list', data: { recurringPriceList: [], oneTimePriceList: [] } },
      },
      'GET /api/v1/public/payment-notes': {
        body: {
          respones_msg: 'Payment notes',
          data: { value: 'Prices include VAT.\n<b>Bank transfer</b> on request.' },
        },
      },
    });
    renderApp('/pricing');
    const notes = await screen.findByTestId('payment-notes');
    expect(notes).toHaveTextContent('Prices include VAT. <b>Bank transfer</b> on request.');
    expect(notes.querySelector('b')).toBeNull();
  });

  it('shows nothing when there are no notes', async () => {
    mockApi({
      'GET /api/v1/pricing': {
        body: { respones_msg: 'Plan list', data: { recurringPriceList: [], oneTimePriceList: [] } },
      },
      'GET /api/v1/public/payment-notes': { body: { respones_msg: 'Payment notes', data: { value: '  ' } } },
    });
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByTestId('payment-notes')).not.toBeInTheDocument();
  });
});
