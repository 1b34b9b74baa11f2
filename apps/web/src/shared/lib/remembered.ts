import { useState } from 'react';

/**
 * `current` (the item named `value` in the latest answer), or, when the latest answer does not hold it, the item last
 * seen under that `value` (React's "information from previous renders" pattern: state set during render).
 */
export function useRemembered<T>(current: T | undefined, value: string | null | undefined): T | undefined {
  const [remembered, setRemembered] = useState<{ value: string; item: T } | undefined>();
  if (current !== undefined && value && (remembered?.value !== value || remembered.item !== current))
    setRemembered({ value, item: current });
  if (current !== undefined) return current;
  return value && remembered?.value === value ? remembered.item : undefined;
}
