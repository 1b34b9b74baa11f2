import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { usePageTitle } from './page-title';

/**
 * The route table of an app (the customer portal today, the back office later): one entry per page, from which
 * the router, the sidebar, the document title and the bundle-budget script (`scripts/measure-initial-js.mjs`) are
 * generated. Adding a page is one entry here plus its folder under `features/`.
 */

/** A lazily loaded component that also keeps its loader (to preload it, and for the bundle-budget script). */
export type LazyComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<unknown>;
};

/** `React.lazy` for a named export, so every page is its own chunk. The one place a lazy import is wrapped. */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyComponent<P> {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { load },
  );
}

/** The menu link of a page (its label is the page title unless given). */
export interface RouteNav {
  /** Optional: the back office maps its icons in its lazily loaded layout, keeping them out of the login page. */
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  label?: string;
  /** Shows a "New" badge. */
  isNew?: boolean;
  /** Which menu lists it: the sidebar (`main`, the default) or another one of the layout (e.g. `account`). */
  menu?: string;
  /** The sidebar section it sits in (a heading above it; sections in the order they first appear). */
  group?: string;
}

/** One page of an app. */
export interface RouteEntry<Key extends string = string, Area extends string = string> {
  key: Key;
  /** React Router path (from `config/paths.ts`, which also builds the links). */
  path: string;
  /** Top bar and document title ("<title> | <product>"). */
  title: string;
  nav?: RouteNav;
  /** Which guard/layout the page sits in (e.g. `guest` pages send a signed-in user on). */
  area?: Area;
  /** The page: `lazyNamed(() => import('@/features/x/pages/y-page'), 'YPage')`. */
  page: LazyComponent;
  /**
   * Starts the page's own data on a first visit, beside its chunk (portal-routes.tsx): the same queries (same keys)
   * the page asks for when it renders, read from the URL's query string where the page reads them (a list's filters,
   * a detail page's id).
   */
  prefetch?: (queryClient: QueryClient, search: URLSearchParams) => void;
}

/** What a table lists per key: everything but the key and the path, which come from the paths object. */
export type RouteSpec<Area extends string = string> = Omit<RouteEntry<string, Area>, 'key' | 'path'>;

/**
 * Builds a route table from the app's paths (`{ key: { path } }`) and one spec per key: every path has exactly one
 * page (the compiler says which is missing), and neither the key nor the path is written a second time.
 */
export function routeTable<Key extends string, Area extends string = never>(
  pathsByKey: Record<Key, { path: string }>,
  specs: Record<Key, RouteSpec<Area>>,
): readonly RouteEntry<Key, Area>[] {
  return (Object.keys(specs) as Key[]).map((key) => ({ key, path: pathsByKey[key].path, ...specs[key] }));
}

/** The links of one menu, in table order. */
export const menuOf = (table: readonly RouteEntry[], menu = 'main') =>
  table.flatMap(({ key, path, title, nav }) =>
    nav && (nav.menu ?? 'main') === menu
      ? [{ key, href: path, label: nav.label ?? title, icon: nav.icon, isNew: nav.isNew ?? false, group: nav.group }]
      : [],
  );

/** Title of the page at `pathname` in a table (for the top bar). */
export const titleOf = (table: readonly RouteEntry[], pathname: string): string | undefined =>
  table.find((r) => r.path === pathname)?.title;

/** The element a route renders: sets the document title from the table and shows the page. */
export function RoutePage({ route }: { route: RouteEntry }) {
  usePageTitle(route.title);
  return <route.page />;
}
