import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the issue-3 page lands. */
export function UpdateSubscriptionPage() {
  return <ComingSoon title="Update Subscription" />;
}
