/**
 * A list's parsed search sent back as the query text the contract's input schema reads: switches as `true`/`false`,
 * empty values left out. (The list schemas' blank-as-absent fields take any input, so the cast is safe.)
 */
export function asQueryText<T extends Record<string, unknown>>(search: T): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'boolean' ? (value ? 'true' : 'false') : (value as string | number);
  }
  return out;
}
