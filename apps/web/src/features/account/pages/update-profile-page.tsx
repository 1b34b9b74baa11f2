import { Grid, Skeleton } from '@mantine/core';
import { useUserDetail } from '@/api/get-user-detail';
import { AccountLoadError } from '@/components/account-load-error';
import { LoginQrCard } from '@/components/login-qr-card';
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
        <LoginQrCard url={detail.data?.loginQrCodeUrl} loading={detail.isPending} />
      </Grid.Col>
    </Grid>
  );
}
