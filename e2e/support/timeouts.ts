/**
 * How long a page action or wait may take before the journey fails: a ceiling, not an expectation (a step that works
 * answers in well under a second). 15 s was exceeded on a day this 2-core machine ran the whole `npm test` in 827 s
 * instead of the usual 359 s; e2e/vitest.config.ts gives `expect.poll` the same ceiling.
 */
export const ACTION_TIMEOUT = 30_000;

/**
 * `work`'s answer, or an error naming `what` once `ms` have passed. For the Playwright calls that have no timeout of
 * their own (`evaluate`, `setViewportSize`, `addScriptTag`): a page that stops answering fails the step that waited on
 * it, with the page and step named, instead of running into the test's timeout that names neither.
 */
export async function withinTime<T>(what: string, work: Promise<T>, ms = ACTION_TIMEOUT): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
