import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the issue-3 page lands. */
export function BecomeResellerPage() {
  return <ComingSoon title="Become a Reseller" />;
}
