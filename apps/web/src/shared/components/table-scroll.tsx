import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A table's horizontal scroll container that a keyboard can reach and scroll: a table wider than a phone's screen
 * otherwise scrolls only by touch or mouse (WCAG 2.1.1; axe `scrollable-region-focusable`, serious). A named region,
 * since a focusable element needs a name ("<label>, scrollable").
 */
export function TableScroll({ label, ...props }: Omit<TableScrollContainerProps, 'type'> & { label: string }) {
  return (
    <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={`${label}, scrollable`} {...props} />
  );
}
