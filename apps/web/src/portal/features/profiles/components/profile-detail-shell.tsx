import { profileIdSchema, type ProfileDetail } from '@fleetdeck/contract';
import { Alert, Anchor, Button, Card, ScrollArea, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { QueryError } from '@/shared/components/query-view';
import { paths } from '@/portal/config/paths';
import { useProfileDetail } from '../api/get-profile-detail';
import { profileDetailHref, profilePageOf, TAB_PARAM, type ProfilePageKey } from './app-routes';
import { ProfileHeader } from './profile-header';
import classes from './profiles.module.css';
import { useUnsavedRegistry } from './unsaved-changes';

export interface ProfileTab {
  /** The `tab` search parameter. */
  value: string;
  label: string;
  render: (profile: ProfileDetail) => ReactNode;
}

/**
 * Tabs whose active one lives in a search parameter (`tab`, or `sub` for nested tabs), so a reload keeps it.
 * Only the active panel is mounted; the list scrolls sideways on narrow screens.
 */
export function UrlTabs({
  tabs,
  profile,
  param = TAB_PARAM,
  label,
  variant = 'default',
}: {
  tabs: ProfileTab[];
  profile: ProfileDetail;
  param?: string;
  label: string;
  variant?: 'default' | 'pills' | 'outline';
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const active = tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value ?? null;
  const listRef = useRef<HTMLDivElement>(null);
  // Not on a first render that shows the first tab: it is in view, and asking the browser where it is would lay the
  // page out inside the render's own task (about 25 ms of a phone's first load of a profile page, one long task).
  const skipScroll = useRef(active === (tabs[0]?.value ?? null));
  // On a narrow screen the active tab may be scrolled out of the list (e.g. after a reload on the last tab).
  useEffect(() => {
    if (skipScroll.current) {
      skipScroll.current = false;
      return;
    }
    listRef.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const unsaved = useUnsavedRegistry();
  const [leaving, setLeaving] = useState<{ to: string; forms: string[] } | null>(null);
  const go = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(param, value);
        // A nested tab belongs to its parent: choosing another top tab forgets it.
        if (param === TAB_PARAM) next.delete('sub');
        return next;
      },
      { replace: true },
    );
  };
  // A switch changed without Save would be lost with its panel (only the active one is mounted): ask first.
  const onChange = (value: string | null) => {
    if (!value || value === active) return;
    const forms = [...new Set(unsaved.forms.values())];
    if (forms.length > 0) setLeaving({ to: value, forms });
    else go(value);
  };
  const tabs_ = (
    <Tabs value={active} onChange={onChange} keepMounted={false} variant={variant}>
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" className={classes.tabScroller}>
        <Tabs.List ref={listRef} aria-label={label} className={classes.tabList}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} className={classes.tab}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {/* A tab other than the page's first loads its code when first shown (lazy-tabs.ts). */}
          <Suspense fallback={<TabSkeleton />}>{t.render(profile)}</Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
  return (
    <>
      {unsaved.Provider ? <unsaved.Provider value={unsaved.forms}>{tabs_}</unsaved.Provider> : tabs_}
      <ConfirmDialog
        opened={leaving !== null}
        title="Unsaved changes"
        message={`${leaving?.forms.join(', ') ?? ''}: your changes are not saved yet. Leave this tab and discard them?`}
        confirmLabel="Discard changes"
        cancelLabel="Stay"
        confirmColor="red"
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const to = leaving?.to;
          unsaved.forms.clear();
          setLeaving(null);
          if (to) go(to);
        }}
      />
    </>
  );
}

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

function TabSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      <Skeleton h={36} w="60%" radius="md" />
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
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
  const profile = detail.data;
  const ownPage = profilePageOf(profile.appName);
  const ownHref = ownPage && ownPage !== page ? profileDetailHref(profile.appName, profile._id) : undefined;
  return (
    <Stack gap="md">
      <ProfileHeader profile={profile} />
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
        <UrlTabs tabs={tabs} profile={profile} label="Profile sections" />
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
