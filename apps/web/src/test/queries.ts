type Calls = { mock: { calls: unknown[][] } };

/** The query strings of the calls a mocked fetch received for a path (of one method, when given). */
export function queriesTo(fetchMock: Calls, path: string): URLSearchParams[];
export function queriesTo(fetchMock: Calls, method: string, path: string): URLSearchParams[];
export function queriesTo(fetchMock: Calls, first: string, second?: string): URLSearchParams[] {
  const [method, path] = second === undefined ? [undefined, first] : [first, second];
  return fetchMock.mock.calls
    .filter(([, init]) => method === undefined || ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => u.searchParams);
}
