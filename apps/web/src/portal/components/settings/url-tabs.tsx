import { ScrollArea, Skeleton, Stack, Tabs } from '@mantine/core';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import classes from './settings.module.css';
import { useUnsavedRegistry } from './unsaved-changes';

/** The search parameter of a settings page's active tab (`UrlTabs`); absent: the first tab. */
export const TAB_PARAM = 'tab';

/** A tab of `UrlTabs`: its panel drawn from the page's subject (a profile, a template's settings target). */
export interface SubjectTab<S> {
  /** The `tab` search parameter. */
  value: string;
  label: string;
  render: (subject: S) => ReactNode;
}

/**
 * Tabs whose active one lives in a search parameter (`tab`, or `sub` for nested tabs), so a reload keeps it.
 * Only the active panel is mounted; the list scrolls sideways on narrow screens.
 */
export function UrlTabs<S>({
  tabs,
  subject,
  param = TAB_PARAM,
  label,
  variant = 'default',
}: {
  tabs: SubjectTab<S>[];
  subject: S;
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
          <Suspense fallback={<TabSkeleton />}>{t.render(subject)}</Suspense>
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

function TabSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton h={36} w="60%" radius="md" />
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}
