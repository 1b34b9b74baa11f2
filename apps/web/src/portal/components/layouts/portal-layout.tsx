import { ActionIcon, Box, Button, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconShoppingCart } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { menuFor, portalRoutes } from '@/portal/app/portal-routes';
import { paths } from '@/portal/config/paths';
import { useUserDetail } from '@/portal/api/get-user-detail';
import { lazyNamed, titleOf } from '@/shared/lib/route-table';
import { Allowed, usePermissions } from '@/portal/lib/permissions';
import { AccountMenu } from './account-menu';
import { AppFrame } from '@/shared/components/layouts/app-frame';
import { LicenceBanner } from './licence-banner';
import { StaffSessionBanner } from './staff-session-banner';

/**
 * The Download APK modal (a tab, a QR code and a link per app) loads when it is first wanted (pointer over or focus on
 * its button, or a click), not with the frame: every first visit of a signed-in page downloads less before it shows.
 */
const DownloadApkModal = lazyNamed(() => import('./download-apk-modal'), 'DownloadApkModal');
const preloadApkModal = () => void DownloadApkModal.load();

/** The signed-in customer console: sidebar, top bar and the page. */
export function PortalLayout() {
  const [apkOpened, apk] = useDisclosure(false);
  // Mounted from its first opening on, so that it closes with its transition and keeps its tab.
  const [apkWanted, setApkWanted] = useState(false);
  const openApk = () => {
    setApkWanted(true);
    apk.open();
  };
  const apkButtonEvents = { onClick: openApk, onMouseEnter: preloadApkModal, onFocus: preloadApkModal };
  const location = useLocation();
  const detail = useUserDetail();
  const title = titleOf(portalRoutes, location.pathname) ?? '';
  const permissions = usePermissions();
  // The sidebar: the route table's entries with `nav` (main menu) the member may open, in table order.
  const nav = menuFor(permissions);

  const showBuyPlan =
    detail.data && permissions ? !detail.data.isOfflineCustomer && permissions.includes('billing.write') : false;

  return (
    <>
      <AppFrame
        title={title}
        homeHref={paths.portal.dashboard.getHref()}
        navHeading="Menu"
        links={nav}
        withBack
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} {...apkButtonEvents} visibleFrom="sm">
              Download APK
            </Button>
            <Tooltip label="Download APK" withArrow>
              <ActionIcon variant="default" size="lg" {...apkButtonEvents} hiddenFrom="sm" aria-label="Download APK">
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
            {showBuyPlan ? (
              <>
                <Button
                  component={Link}
                  to={paths.portal.plans.getHref()}
                  leftSection={<IconShoppingCart size={16} />}
                  visibleFrom="sm"
                >
                  Buy Plan
                </Button>
                <Tooltip label="Buy Plan" withArrow>
                  <ActionIcon
                    component={Link}
                    to={paths.portal.plans.getHref()}
                    size="lg"
                    hiddenFrom="sm"
                    aria-label="Buy Plan"
                  >
                    <IconShoppingCart size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            ) : null}
            <AccountMenu />
          </>
        }
        navFooter={(closeNav: () => void) => (
          <>
            {showBuyPlan ? (
              <Box
                p="md"
                mt="md"
                style={{
                  borderRadius: 'var(--mantine-radius-lg)',
                  background: 'linear-gradient(135deg, var(--mantine-color-brand-6), var(--mantine-color-violet-6))',
                }}
              >
                <Text c="white" fw={700} size="sm">
                  Need more licences?
                </Text>
                <Text c="white" size="xs" opacity={0.85} mt={4}>
                  Add devices to any app in a few clicks.
                </Text>
                <Button
                  component={Link}
                  to={paths.portal.plans.getHref()}
                  onClick={closeNav}
                  variant="white"
                  size="xs"
                  mt="sm"
                  fullWidth
                >
                  View plans
                </Button>
              </Box>
            ) : null}
          </>
        )}
        banners={
          <>
            <StaffSessionBanner />
            <Allowed to="fleet.read">
              <LicenceBanner />
            </Allowed>
          </>
        }
      />
      {apkWanted ? (
        <Suspense fallback={null}>
          <DownloadApkModal opened={apkOpened} onClose={apk.close} />
        </Suspense>
      ) : null}
    </>
  );
}
