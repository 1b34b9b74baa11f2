import { Grid, Skeleton, Stack } from '@mantine/core';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { AccountLoadError } from '@/portal/components/account-load-error';
import { LoginQrCard } from '@/portal/components/login-qr-card';
import { QrLimitsCard } from '../components/qr-limits-card';
import { RotateQrButton } from '../components/rotate-qr-button';
import { UpdateProfileForm } from '../components/update-profile-form';

export function UpdateProfilePage() {
  const detail = useUserDetail();
  if (detail.isError) return <AccountLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        {detail.data ? (
          <UpdateProfileForm key={detail.data._id} user={detail.data} />
        ) : (
          <Skeleton h={420} radius="lg" />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="sm">
          <LoginQrCard url={detail.data?.loginQrCodeUrl} link={detail.data?.enrolmentLink} loading={detail.isPending} />
          <RotateQrButton disabled={!detail.data} />
          {detail.data ? <QrLimitsCard key={detail.data._id} user={detail.data} /> : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
