import type { PlayStoreApp } from '@fleetdeck/contract';

/** What a Play Store search provider answers (see provider.ts for the choice of provider). */
export interface PlayStoreProvider {
  readonly name: string;
  /** At most PLAY_STORE_MAX_RESULTS apps matching `term`, best first. */
  search(customerId: string, term: string): Promise<PlayStoreApp[]>;
}

export const PLAY_STORE_MAX_RESULTS = 20;
