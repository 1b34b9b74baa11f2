import { Skeleton } from '@mantine/core';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { AccountLoadError } from '@/portal/components/account-load-error';
import { TwoStepSetting } from '../components/two-step-setting';

export function PrivacySecurityPage() {
  const detail = useUserDetail();
  if (detail.isError) return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton h={200} radius="lg" maw={720} />;
  return <TwoStepSetting user={detail.data} />;
}
