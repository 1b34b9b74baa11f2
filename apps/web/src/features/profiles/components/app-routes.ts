import { paths } from '@/config/paths';

/** The apps of spec 2 §1 by plan code ({product} is the installation's product name). */
const APP_LABELS: Record<string, string> = {
  PD: '{product}',
  PDOT: '{product}',
  PDOW: '{product} Owner App',
  PDOWOT: '{product} Owner App',
  SL: 'Super Lock',
  SLOT: 'Super Lock',
  PC: 'Power Cleaner',
  PCOT: 'Power Cleaner',
  UB: 'URL Blocker',
  UBOT: 'URL Blocker',
  KM: 'Key Mapper',
  KMOT: 'Key Mapper',
  POB: 'Power On Boot',
  POBOT: 'Power On Boot',
};

/** The app's name for people, e.g. 'Super Lock' for SL and SLOT; the code itself when unknown. */
export const appLabel = (appName: string, productName: string): string =>
  (APP_LABELS[appName] ?? appName).replace('{product}', productName);

/** App name choices of the App Name search box (PDALL: every app of the main family). */
export const APP_NAME_CHOICES = [
  'PDALL',
  'PD',
  'PDOT',
  'PDOW',
  'PDOWOT',
  'SL',
  'SLOT',
  'PC',
  'PCOT',
  'UB',
  'UBOT',
  'KM',
  'KMOT',
  'POB',
  'POBOT',
];

export type ProfilePageKey =
  'profileDetail' | 'slProfileDetail' | 'pcProfileDetail' | 'ubProfileDetail' | 'kmProfileDetail';

const PAGE_OF_APP: Record<string, ProfilePageKey> = {
  PC: 'pcProfileDetail',
  PCOT: 'pcProfileDetail',
  UB: 'ubProfileDetail',
  UBOT: 'ubProfileDetail',
  KM: 'kmProfileDetail',
  KMOT: 'kmProfileDetail',
  PD: 'profileDetail',
  PDOT: 'profileDetail',
  PDOW: 'profileDetail',
  PDOWOT: 'profileDetail',
  SL: 'slProfileDetail',
  SLOT: 'slProfileDetail',
};

/** The detail page of an app (spec 2 §2), or undefined for apps without one. */
export const profilePageOf = (appName: string): ProfilePageKey | undefined => PAGE_OF_APP[appName];

/** The link of a profile in the list: its app's detail page with `?profile_id={id}`; undefined: not linked. */
export const profileDetailHref = (appName: string, profileId: string): string | undefined => {
  const page = profilePageOf(appName);
  return page ? paths.portal[page].getHref(profileId) : undefined;
};
