import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the issue-3 page lands. */
export function PaymentMethodsPage() {
  return <ComingSoon title="Payment Methods" />;
}
