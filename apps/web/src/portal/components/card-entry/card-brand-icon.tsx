import {
  IconBrandApple,
  IconBrandGoogle,
  IconBrandMastercard,
  IconBrandPaypal,
  IconBrandVisa,
  IconCreditCard,
  IconLink,
  IconWallet,
} from '@tabler/icons-react';
import { BRAND_LABELS, type CardBrand } from './card-utils';

/** An icon for a card brand (visa, mastercard…), a PayPal account or a wallet (google_pay, apple_pay, link). */
export function PaymentBrandIcon({ brand, size = 20 }: { brand: string | null | undefined; size?: number }) {
  const key = (brand ?? '').toLowerCase().replace(/[\s-]/g, '_');
  const props = { size, stroke: 1.6, 'aria-hidden': true } as const;
  switch (key) {
    case 'visa':
      return <IconBrandVisa {...props} />;
    case 'mastercard':
      return <IconBrandMastercard {...props} />;
    case 'paypal':
      return <IconBrandPaypal {...props} />;
    case 'google_pay':
      return <IconBrandGoogle {...props} />;
    case 'apple_pay':
      return <IconBrandApple {...props} />;
    case 'link':
      return <IconLink {...props} />;
    case 'wallet':
      return <IconWallet {...props} />;
    default:
      return <IconCreditCard {...props} />;
  }
}

/** "Visa", "Mastercard", "American Express"… from the provider's brand key. */
export const brandLabel = (brand: string | null | undefined): string => {
  const key = (brand ?? '').toLowerCase();
  if (key !== 'unknown' && Object.hasOwn(BRAND_LABELS, key)) return BRAND_LABELS[key as CardBrand];
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Card';
};
