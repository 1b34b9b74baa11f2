import type { AppContext } from '../../../context.ts';
import { createGooglePlayProvider } from './google-play.ts';
import { createLocalProvider } from './local.ts';
import type { PlayStoreProvider } from './types.ts';

export { PLAY_STORE_MAX_RESULTS, type PlayStoreProvider } from './types.ts';

/**
 * Where `device/playstore/search` finds apps (config `PLAYSTORE_PROVIDER`): `local` (default) searches the
 * packages the customer's devices reported and a bundled catalogue; `google-play-scraper` asks Google Play
 * through the npm package of that name and falls back to the local search when Google Play cannot be reached.
 */
export function createPlayStoreProvider(ctx: Pick<AppContext, 'config' | 'db' | 'logger'>): PlayStoreProvider {
  const local = createLocalProvider(ctx.db);
  if (ctx.config.playStoreProvider === 'google-play-scraper') {
    return createGooglePlayProvider({ local, logger: ctx.logger });
  }
  return local;
}
