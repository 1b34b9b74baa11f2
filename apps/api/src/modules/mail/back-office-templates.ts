import { layout, type EmailContent } from './templates.ts';

/**
 * Emails to a customer after a staff member changed their licences in the back office (issue 10): a refund and an
 * offline sale. Queued through the outbox in the transaction that made the change (sent by the email worker after
 * commit). Amounts arrive formatted (payments/money.ts `formatEuro`).
 */
export const backOfficeEmails = {
  refund(
    product: string,
    r: { productName: string; seats: number; amount: string; devicesLoggedOut: number; fullyRefunded: boolean },
  ): EmailContent {
    const lines = [
      'Hello,',
      `We have refunded ${r.amount} for ${r.seats} licence${r.seats === 1 ? '' : 's'} of ${r.productName}` +
        (r.fullyRefunded ? ' (the whole payment).' : '.') +
        ' The money goes back to the card or account you paid with; your bank may take 5 to 10 days to show it.',
      ...(r.devicesLoggedOut > 0
        ? [
            `${r.devicesLoggedOut} device${r.devicesLoggedOut === 1 ? ' that used these licences was' : 's that used these licences were'} logged out.`,
          ]
        : []),
      `Your remaining licences are on the Plans page of your ${product} console. Reply to this email if anything looks wrong.`,
    ];
    return {
      template: 'staff-refund',
      subject: `${product}: your refund for ${r.productName}`,
      text: `${lines.join('\n\n')}\n`,
      html: layout(product, lines),
    };
  },

  offlineSale(
    product: string,
    s: { name: string; productName: string; seats: number; amount: string; until: string; plansUrl: string },
  ): EmailContent {
    const lines = [
      `Hello ${s.name},`,
      `We have recorded your payment of ${s.amount} for ${s.seats} licence${s.seats === 1 ? '' : 's'} of ${s.productName}, valid until ${s.until}.`,
      'The licences are in your account now: enrol your devices whenever you are ready.',
    ];
    return {
      template: 'offline-sale',
      subject: `${product}: ${s.seats} licence${s.seats === 1 ? '' : 's'} of ${s.productName} added to your account`,
      text: `${lines.join('\n\n')}\n\n${s.plansUrl}\n`,
      html: layout(product, lines, { label: 'See your plans', url: s.plansUrl }),
    };
  },
};
