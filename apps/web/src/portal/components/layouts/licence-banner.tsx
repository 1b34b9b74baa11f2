import { LICENCE_EXCEEDED_MESSAGE } from '@fleetdeck/contract';
import { Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLicenceSummary } from '@/portal/api/licence-summary';
import { paths } from '@/portal/config/paths';
import { TopBanner } from './top-banner';

/** The red banner of spec 1 §2/§8: shown while any family uses more licences than it bought. */
export function LicenceBanner() {
  const summary = useLicenceSummary();
  if (!summary.data?.exceeded) return null;
  return (
    <TopBanner
      role="alert"
      testId="licence-banner"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      text={LICENCE_EXCEEDED_MESSAGE}
    >
      <Anchor component={Link} to={paths.portal.plans.getHref()} c="white" size="sm" fw={700} underline="always">
        Click Here buy more licences.
      </Anchor>
    </TopBanner>
  );
}
