import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { expectRefusedAsTyped } from '@/test/number-cases';
import { mockApi, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderBackOffice, signedInStaff } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

const S = '/api/v1/super-admin';
const IN_ID = '7d0b7f39-7a53-4a36-9b0e-0f3b9f7d1a11';

const india = {
  _id: IN_ID,
  countryCode: 'IN',
  conversationRate: 105.5,
  couponCode: 'INDIA10',
  discountPercentage: 10,
  currencyCode: 'INR',
  created_at: '2026-11-20T10:00:00.000Z',
};

function signedIn(rules: unknown[], extra: Record<string, unknown> = {}) {
  return mockApi({
    ...signedInStaff(),
    [`GET ${S}/price/list`]: {
      body: { respones_msg: 'Price list', data: { recurringPriceList: [], oneTimePriceList: [] } },
    },
    [`GET ${S}/price/list/currency`]: {
      body: {
        respones_msg: 'Currency list',
        data: rules,
        pagination: { page: 1, limit: 25, total: rules.length, totalCapped: false, nextCursor: null },
      },
    },
    [`GET ${S}/price/country/lookup`]: {
      body: {
        respones_msg: 'Country lookup',
        currencyCode: 'PKR',
        conversationRate: 348.1,
        data: { countryCode: 'PK', countryName: 'Pakistan', currencyCode: 'PKR', conversationRate: 348.1 },
      },
    },
    ...extra,
  });
}

describe('pricing list: Multi Currency tab (spec 3 "Pricing list")', () => {
  it('lists the rules with the "1 GBP = … " rate label, coupon and discount', async () => {
    signedIn([india]);
    const view = renderBackOffice('/admin-pricing-list');
    await view.user.click(await screen.findByRole('tab', { name: 'Multi Currency' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-pricing-list?tab=currency'));
    const table = await screen.findByRole('table', { name: 'Currency rules' });
    const row = await within(table).findByRole('row', { name: /India/ });
    expect(row).toHaveTextContent('1 GBP = 105.5 INR');
    expect(row).toHaveTextContent('INDIA10');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('INR');
  });

  it('the country search puts the exact name first: "India" then Enter chooses India, not British Indian Ocean Territory', async () => {
    signedIn([]);
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    const form = await screen.findByRole('form', { name: 'Add a currency' });
    const country = within(form).getByLabelText(/^Country/, { selector: 'input' });
    await view.user.click(country);
    await view.user.type(country, 'India');
    await screen.findByRole('option', { name: 'India (IN)', hidden: true });
    const list = document.getElementById(country.getAttribute('aria-controls') ?? '');
    expect(within(list!).getAllByRole('option', { hidden: true })[0]).toHaveTextContent('India (IN)');
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(country).toHaveValue('India (IN)'));
  });

  it('choosing a country prefills the currency code and rate from the lookup; Add sends the rule', async () => {
    let added: RecordedCall | null = null;
    const api = signedIn([], {
      [`POST ${S}/price/add/currency`]: (call: RecordedCall) => {
        added = call;
        return { body: { respones_msg: 'Currency added', data: { ...india, countryCode: 'PK' } } };
      },
    });
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    const form = await screen.findByRole('form', { name: 'Add a currency' });
    const country = within(form).getByLabelText(/^Country/, { selector: 'input' });
    await view.user.click(country);
    await view.user.type(country, 'Pakis');
    await view.user.click(await screen.findByRole('option', { name: /Pakistan/, hidden: true }));
    await waitFor(() => expect(within(form).getByLabelText(/^Currency Code/)).toHaveValue('PKR'));
    expect(within(form).getByLabelText(/^Rate/)).toHaveValue('348.1');
    // The rate reads "1 GBP = 348.1 PKR" (spec 3 §9's label "1 GBP = 100 Rs").
    expect(within(form).getByText('1 GBP =')).toBeInTheDocument();
    expect(within(form).getByText('PKR')).toBeInTheDocument();
    expect(api.callsTo('GET', `${S}/price/country/lookup`)).toHaveLength(1);
    await view.user.type(within(form).getByLabelText(/^Coupon Code/), 'PAK5');
    const discount = within(form).getByLabelText(/^Discount %/);
    await view.user.clear(discount);
    await view.user.type(discount, '5');
    await view.user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(added?.body).toEqual({
        countryCode: 'PK',
        conversationRate: 348.1,
        couponCode: 'PAK5',
        discountPercentage: 5,
        currencyCode: 'PKR',
      }),
    );
  });

  it('checks the form before calling the server', async () => {
    const api = signedIn([]);
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    const form = await screen.findByRole('form', { name: 'Add a currency' });
    await view.user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(/Country must be a 2-letter ISO country code/)).toBeInTheDocument();
    expect(within(form).getByText(/Rate must be a number above 0/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/price/add/currency`)).toHaveLength(0);
  });

  it('a minus sign, too many decimals or over 99% are refused as typed, never clamped (issue 22)', async () => {
    const api = signedIn([india]);
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    await view.user.click(await screen.findByRole('button', { name: 'Edit currency of IN' }));
    const form = await screen.findByRole('form', { name: 'Update the currency of IN' });
    const update = () => view.user.click(within(form).getByRole('button', { name: 'Update' }));
    await expectRefusedAsTyped(
      view.user,
      within(form).getByLabelText(/^Discount %/),
      [
        ['-5', 'No minus sign'],
        ['150', 'Must be at most 99'],
        ['10.555', 'At most 2 decimals'],
      ],
      { check: update },
    );
    await expectRefusedAsTyped(view.user, within(form).getByLabelText(/^Rate/), [['-3', 'No minus sign']], {
      check: update,
    });
    expect(api.callsTo('POST', `${S}/price/update/currency`)).toHaveLength(0);
  });

  it('Edit puts the form in update mode; Update sends the id and clears the edit state', async () => {
    let updated: RecordedCall | null = null;
    signedIn([india], {
      [`POST ${S}/price/update/currency`]: (call: RecordedCall) => {
        updated = call;
        return { body: { respones_msg: 'Currency updated', data: india } };
      },
    });
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    await view.user.click(await screen.findByRole('button', { name: 'Edit currency of IN' }));
    const form = await screen.findByRole('form', { name: 'Update the currency of IN' });
    expect(within(form).getByLabelText(/^Currency Code/)).toHaveValue('INR');
    const rate = within(form).getByLabelText(/^Rate/);
    await view.user.clear(rate);
    await view.user.type(rate, '110');
    await view.user.click(within(form).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(updated?.body).toEqual({
        id: IN_ID,
        countryCode: 'IN',
        conversationRate: 110,
        couponCode: 'INDIA10',
        discountPercentage: 10,
        currencyCode: 'INR',
      }),
    );
    expect(await screen.findByRole('form', { name: 'Add a currency' })).toBeInTheDocument();
  });

  it('Delete asks "Are you sure?" and deletes on "Yes, delete it!"', async () => {
    const api = signedIn([india], {
      [`DELETE ${S}/price/delete/currency`]: { body: { respones_msg: 'Currency deleted' } },
    });
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    await view.user.click(await screen.findByRole('button', { name: 'Delete currency of IN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Currency will be removed from this list');
    await view.user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${S}/price/delete/currency`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Sync Currency Rate shows the summary', async () => {
    signedIn([india], {
      [`GET ${S}/price/currency/sync`]: {
        body: {
          respones_msg: 'Currency rates synced',
          data: {
            source: 'FX_RATES_URL',
            asOf: '2026-11-23',
            currencies: 31,
            updated: 1,
            unchanged: 0,
            missing: ['NGN'],
          },
        },
      },
    });
    const view = renderBackOffice('/admin-pricing-list?tab=currency');
    await view.user.click(await screen.findByRole('button', { name: 'Sync Currency Rate' }));
    expect(
      await screen.findByText(/FX_RATES_URL of 2026-11-23 \(31 currencies\): 1 updated, 0 unchanged\. No rate for NGN/),
    ).toBeInTheDocument();
  });
});
