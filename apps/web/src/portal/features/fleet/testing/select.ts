import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the Mantine select labelled `label` (inside `scope`, default the page) and picks the option `name`. */
export async function choose(user: UserEvent, label: string | RegExp, name: string | RegExp, scope?: HTMLElement) {
  const input = (scope ? within(scope) : screen).getByLabelText(label, { selector: 'input' });
  await user.click(input);
  const listbox = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`no options for ${String(label)}`);
    return el;
  });
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
}
