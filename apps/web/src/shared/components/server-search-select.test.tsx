import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ServerSearchSelect } from './server-search-select';

/** The "server": group names containing the typed text, first two only (a picker's first page). */
const GROUPS = ['Lobby tablets', 'Warehouse scanners', 'Warehouse printers', 'Front desk'];
const answer = (text: string) =>
  GROUPS.filter((g) => g.toLowerCase().includes(text.toLowerCase()))
    .slice(0, 2)
    .map((g) => ({ value: g.toLowerCase().replace(/ /g, '-'), label: g }));

function Picker({ asked }: { asked: string[] }) {
  const [search, setSearch] = useState('');
  const [value, setValue] = useState<string | null>(null);
  return (
    <MantineProvider>
      <ServerSearchSelect
        label="Group"
        options={answer(search)}
        onSearch={(text) => {
          asked.push(text);
          setSearch(text);
        }}
        value={value}
        onChange={setValue}
      />
      <output aria-label="chosen">{value ?? ''}</output>
    </MantineProvider>
  );
}

describe('ServerSearchSelect', () => {
  it('asks the server for what is typed, shows its answer as it is, and keeps the chosen option named', async () => {
    const asked: string[] = [];
    const user = userEvent.setup();
    render(<Picker asked={asked} />);
    const input = screen.getByLabelText('Group', { selector: 'input' });
    await user.click(input);
    // The first page holds no printer; typed, the server finds one.
    expect(screen.queryByRole('option', { name: 'Warehouse printers', hidden: true })).toBeNull();
    await user.type(input, 'print');
    await waitFor(() => expect(asked.at(-1)).toBe('print'));
    await user.click(await screen.findByRole('option', { name: 'Warehouse printers', hidden: true }));
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('warehouse-printers');
    // Its label shown is not a search: the first page is asked for again, and the choice stays named.
    await waitFor(() => expect(asked.at(-1)).toBe(''));
    expect(input).toHaveValue('Warehouse printers');
  });
});
