import type { Plan } from '@fleetdeck/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { QueryError } from '@/shared/components/query-view';
import { useAppConfig } from '@/shared/lib/app-config';
import { PlanSections } from '@/portal/components/plan-sections';
import { PlanSectionsSkeleton } from '@/portal/components/plan-sections-skeleton';
import { usePageView } from '@/portal/lib/page-view';
import { planSections } from '@/portal/lib/plan-sections';
import { usePlans } from '../api/get-plans';
import { PlanCard } from '../components/plan-card';
import { PaymentNotes } from '@/portal/components/payment-notes';

/** The portal lists the Active plans and those the customer still holds devices on. */
const isListed = (plan: Plan) => plan.status === 'Active' || plan.totalPurchasedDevices > 0;

/** An offline customer's licences are changed by the vendor's staff (DECISIONS §14): whom to write to. */
function OfflineNotice() {
  const email = useAppConfig().data?.supportEmail;
  return (
    <Alert color="brand" variant="light" title="Your licences are managed by our team">
      {email ? (
        <>
          Contact{' '}
          <Anchor href={`mailto:${email}`} inherit underline="always">
            {email}
          </Anchor>{' '}
          to change your licences.
        </>
      ) : (
        'Contact our support team to change your licences.'
      )}
    </Alert>
  );
}

export function PlansPage() {
  const plans = usePlans();
  const detail = useUserDetail();
  usePageView('Home');
  // Buy, Update and Subscribe once the customer is known to be an online one (as the Buy Plan button).
  const offline = detail.data?.isOfflineCustomer === true;
  const canChange = detail.data ? !offline : false;

  if (plans.isPending) return <PlanSectionsSkeleton data-testid="plans-loading" spacing="lg" descriptionLines={2} />;
  if (plans.isError) {
    return <QueryError title="The plans could not load" query={plans} />;
  }

  return (
    <Stack gap="xl">
      {offline ? <OfflineNotice /> : null}
      <PlanSections
        sections={planSections(plans.data, { isListed })}
        idPrefix="plans"
        renderPlan={(p) => <PlanCard plan={p} canChange={canChange} />}
      />
      <PaymentNotes />
    </Stack>
  );
}
