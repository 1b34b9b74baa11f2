import { layout, type EmailContent } from './templates.ts';

/** The email to a subscriber when staff raise their plan's price (DECISIONS §14 "Price amounts"). Amounts formatted. */
export function priceRiseEmail(
  product: string,
  p: {
    name: string;
    planName: string;
    from: string;
    to: string;
    seats: number;
    renewsOn: string | null;
    plansUrl: string;
  },
): EmailContent {
  const when = p.renewsOn ? `from your next renewal on ${p.renewsOn}` : 'from your next renewal';
  const lines = [
    `Hello ${p.name},`,
    `The price of ${p.planName} rises from ${p.from} to ${p.to} per licence, ${when}. Until then nothing changes for you.`,
    `Your subscription has ${p.seats} licence${p.seats === 1 ? '' : 's'}. You can change or cancel it on the Plans page of your ${product} console before it renews.`,
  ];
  return {
    template: 'price-rise',
    subject: `${product}: the price of ${p.planName} changes at your next renewal`,
    text: `${lines.join('\n\n')}\n\n${p.plansUrl}\n`,
    html: layout(product, lines, { label: 'Open Plans', url: p.plansUrl }),
  };
}
