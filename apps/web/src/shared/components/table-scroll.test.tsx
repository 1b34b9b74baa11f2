import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableScroll } from './table-scroll';

// A table wider than a phone scrolls sideways; a keyboard reaches that scroll only if its container can take focus
// (axe scrollable-region-focusable, serious: found by the accessibility audit on the back office's Members card).
describe('TableScroll', () => {
  it('is a named region a keyboard can focus, around its table', () => {
    render(
      <MantineProvider>
        <TableScroll label="Prices" minWidth={820}>
          <Table aria-label="Prices">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>€10.00</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </TableScroll>
      </MantineProvider>,
    );
    const region = screen.getByRole('region', { name: 'Prices, scrollable' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.contains(screen.getByRole('table', { name: 'Prices' }))).toBe(true);
  });
});
