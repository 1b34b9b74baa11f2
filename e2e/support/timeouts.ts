/**
 * How long a page action or wait may take before the journey fails: a ceiling, not an expectation (a step that works
 * answers in well under a second). 15 s was exceeded on a day this 2-core machine ran the whole `npm test` in 827 s
 * instead of the usual 359 s; e2e/vitest.config.ts gives `expect.poll` the same ceiling.
 */
export const ACTION_TIMEOUT = 30_000;
