import { profileIdSchema, type ProfileDetail } from '@fleetdeck/contract';
import { Alert, Anchor, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import classes from '@/portal/components/settings/settings.module.css';
import { UrlTabs } from '@/portal/components/settings/url-tabs';
import { QueryError } from '@/shared/components/query-view';
import { paths } from '@/portal/config/paths';
import { useDeviceFollowingLostMode } from '../api/follow-lost-mode';
import { useProfileDetail } from '../api/get-profile-detail';
import { useProfileTarget } from '../api/use-profile-target';
import { profileDetailHref, profilePageOf, type ProfilePageKey } from './app-routes';
import { LostModeBanner } from './lost-mode-banner';
import { ProfileHeader } from './profile-header';
import type { ProfileTab } from './profile-tabs';

function BackToDevices() {
  return (
    <Button
      component={Link}
      to={paths.portal.profiles.getHref()}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
    >
      Back to Devices
    </Button>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton h={120} radius="lg" />
      <Skeleton h={36} w="70%" radius="md" />
      <Skeleton h={280} radius="lg" />
    </Stack>
  );
}

function ProfileDetailContent({
  profileId,
  page,
  tabs,
}: {
  profileId: string;
  page: ProfilePageKey;
  tabs: ProfileTab[];
}) {
  const detail = useProfileDetail(profileId);
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    return (
      <Stack gap="md">
        <QueryError title="The device profile could not load" query={detail} />
        <BackToDevices />
      </Stack>
    );
  }
  return <ProfileDetailView profile={detail.data} page={page} tabs={tabs} />;
}

function ProfileDetailView({
  profile,
  page,
  tabs,
}: {
  profile: ProfileDetail;
  page: ProfilePageKey;
  tabs: ProfileTab[];
}) {
  const target = useProfileTarget(profile);
  // The device's own state (lost mode), followed while a lost mode command is on its way.
  const device = useDeviceFollowingLostMode(profile._id);
  const lostMode = device.data?.lostMode;
  const ownPage = profilePageOf(profile.appName);
  const ownHref = ownPage && ownPage !== page ? profileDetailHref(profile.appName, profile._id) : undefined;
  return (
    <Stack gap="md">
      {lostMode ? <LostModeBanner profile={profile} lostMode={lostMode} /> : null}
      <ProfileHeader profile={profile} lostMode={lostMode} />
      {ownHref ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">
            {`This device runs ${profile.appName}; its settings are on `}
            <Anchor component={Link} to={ownHref} size="sm">
              its own page
            </Anchor>
            .
          </Text>
        </Alert>
      ) : null}
      <Card padding="md" className={classes.tabsCard}>
        <UrlTabs tabs={tabs} subject={{ profile, target }} label="Profile sections" />
      </Card>
    </Stack>
  );
}

/** A profile detail page (spec 2 §2): `?profile_id=`, the header with Apply, and the page's tabs. */
export function ProfileDetailShell({ page, tabs }: { page: ProfilePageKey; tabs: ProfileTab[] }) {
  const [params] = useSearchParams();
  const raw = params.get('profile_id') ?? '';
  const valid = profileIdSchema.safeParse(raw);
  if (!valid.success) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No device chosen">
          <Text size="sm">This link does not name a device profile. Open a device from the Devices list.</Text>
        </Alert>
        <BackToDevices />
      </Stack>
    );
  }
  return <ProfileDetailContent key={valid.data} profileId={valid.data} page={page} tabs={tabs} />;
}
