import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Types each `[text, message]` into a number field (DECISIONS §14): the field keeps the text as typed (with `prefix`,
 * e.g. the money field's `€`), the message shows, and `check` (e.g. the send button is disabled) holds.
 */
export async function expectRefusedAsTyped(
  user: UserEvent,
  field: HTMLElement,
  cases: readonly (readonly [string, string])[],
  { prefix = '', check }: { prefix?: string; check?: () => unknown } = {},
) {
  for (const [typed, message] of cases) {
    await user.clear(field);
    await user.type(field, typed);
    expect(field).toHaveValue(`${prefix}${typed}`);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText((text) => text.includes(message)).length, message).toBeGreaterThan(0);
    await check?.();
  }
}
