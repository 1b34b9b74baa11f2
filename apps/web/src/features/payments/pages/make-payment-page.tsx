import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the issue-3 page lands. */
export function MakePaymentPage() {
  return <ComingSoon title="Make Payment" />;
}
