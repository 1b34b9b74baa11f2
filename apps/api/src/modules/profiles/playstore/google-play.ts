import type { PlayStoreApp } from '@fleetdeck/contract';
import type { Logger } from 'pino';
import { PLAY_STORE_MAX_RESULTS, type PlayStoreProvider } from './types.ts';

/**
 * The online Play Store search (`PLAYSTORE_PROVIDER=google-play-scraper`), through the `google-play-scraper`
 * npm package, which reads Google Play's public search page. Its results come first, then the local search's
 * matches Google Play did not list (in-house apps the customer's devices reported among them). Google Play answering slowly or not at
 * all, or changing its page so the scraper fails, must not break the console's dialog: the local search answers
 * then, and the failure is logged.
 */

/** What this provider needs of the scraper (its `search`); tests pass a stand-in. */
export type ScraperSearch = (options: {
  term: string;
  num: number;
  lang: string;
  country: string;
  requestOptions: Record<string, unknown>;
}) => Promise<{ appId?: unknown; title?: unknown; icon?: unknown; developer?: unknown }[]>;

export const GOOGLE_PLAY_TIMEOUT_MS = 5_000;

/** Loaded on first use only, so the default configuration never loads the scraper and its dependencies. */
async function loadScraperSearch(): Promise<ScraperSearch> {
  const scraper = await import('google-play-scraper');
  return (options) => scraper.default.search(options);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function createGooglePlayProvider(opts: {
  local: PlayStoreProvider;
  logger: Pick<Logger, 'warn'>;
  search?: ScraperSearch;
  timeoutMs?: number;
  lang?: string;
  country?: string;
}): PlayStoreProvider {
  const timeoutMs = opts.timeoutMs ?? GOOGLE_PLAY_TIMEOUT_MS;
  let search: Promise<ScraperSearch> | null = opts.search ? Promise.resolve(opts.search) : null;

  async function online(term: string): Promise<PlayStoreApp[]> {
    search ??= loadScraperSearch();
    const find = await search;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const found = await Promise.race([
        find({
          term,
          num: PLAY_STORE_MAX_RESULTS,
          lang: opts.lang ?? 'en',
          country: opts.country ?? 'us',
          // got's own limits, so an abandoned request does not linger after our timeout.
          requestOptions: { timeout: { request: timeoutMs }, retry: { limit: 0 } },
        }),
        timeout,
      ]);
      return found
        .map((a) => ({ appId: text(a.appId), title: text(a.title), icon: text(a.icon), developer: text(a.developer) }))
        .filter((a) => a.appId !== '' && a.title !== '');
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 'google-play-scraper',
    async search(customerId, term) {
      const localResults = opts.local.search(customerId, term);
      // Awaited below on either path; marked handled now so a failure while Google answers is not "unhandled".
      localResults.catch(() => undefined);
      let fromPlay: PlayStoreApp[];
      try {
        fromPlay = await online(term);
      } catch (err) {
        opts.logger.warn(
          { err: (err as Error).message },
          'Google Play search failed; answering from the local catalogue',
        );
        return localResults;
      }
      const seen = new Set(fromPlay.map((a) => a.appId));
      const onlyLocal = (await localResults).filter((a) => !seen.has(a.appId));
      return [...fromPlay, ...onlyLocal].slice(0, PLAY_STORE_MAX_RESULTS);
    },
  };
}
