import { paths, type SiteRouteKey } from '@/portal/config/paths';
import { lazyNamed, RoutePage, routeTable } from '@/shared/lib/route-table';

/**
 * The public website's pages (DECISIONS §9), in `SiteLayout`. Loaded with the first site page (the router knows only
 * `paths.site`), so the console's /login carries none of it; each page is its own chunk.
 */
export const siteRoutes = routeTable(paths.site, {
  faq: { title: 'FAQ', page: lazyNamed(() => import('@/portal/features/site/pages/site-faq-page'), 'SiteFaqPage') },
  blog: {
    title: 'Blog',
    page: lazyNamed(() => import('@/portal/features/site/pages/site-blog-list-page'), 'SiteBlogListPage'),
  },
  blogPost: {
    title: 'Blog',
    page: lazyNamed(() => import('@/portal/features/site/pages/site-blog-post-page'), 'SiteBlogPostPage'),
  },
  videos: {
    title: 'Videos',
    page: lazyNamed(() => import('@/portal/features/site/pages/site-videos-page'), 'SiteVideosPage'),
  },
  contact: {
    title: 'Contact us',
    page: lazyNamed(() => import('@/portal/features/site/pages/site-contact-page'), 'SiteContactPage'),
  },
  newsletterConfirm: {
    title: 'Newsletter',
    page: lazyNamed(
      () => import('@/portal/features/site/pages/site-newsletter-confirm-page'),
      'SiteNewsletterConfirmPage',
    ),
  },
});

const byKey = new Map(siteRoutes.map((route) => [route.key, route]));

/** The element of a site route (the router renders it lazily by key). */
export function SitePage({ routeKey }: { routeKey: SiteRouteKey }) {
  return <RoutePage route={byKey.get(routeKey)!} />;
}
