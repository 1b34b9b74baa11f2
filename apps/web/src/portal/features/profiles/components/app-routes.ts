import { familyDisplayName, familyOfCode, PLAN_CODES, type Family } from '@fleetdeck/contract';
import { paths } from '@/portal/config/paths';

/** The app's name for people (its family's label, e.g. 'Super Lock' for SL and SLOT); the code itself when unknown. */
export const appLabel = (appName: string, productName: string): string => {
  const family = familyOfCode(appName);
  return family ? familyDisplayName(family, productName) : appName;
};

/**
 * App name choices of the App Name search box: PDALL (every app of the main family), then every plan code of the
 * device apps (Power Chat users are not devices).
 */
export const APP_NAME_CHOICES = ['PDALL', ...PLAN_CODES.filter((code) => familyOfCode(code) !== 'PCHAT')];

export type ProfilePageKey =
  'profileDetail' | 'slProfileDetail' | 'pcProfileDetail' | 'ubProfileDetail' | 'kmProfileDetail';

/** The detail page of each family's apps (spec 2 §2); undefined: no detail page. */
const PAGE_OF_FAMILY: Record<Family, ProfilePageKey | undefined> = {
  PD: 'profileDetail',
  PDOW: 'profileDetail',
  SL: 'slProfileDetail',
  PC: 'pcProfileDetail',
  UB: 'ubProfileDetail',
  KM: 'kmProfileDetail',
  POB: undefined,
  PCHAT: undefined,
};

/** The detail page of an app (spec 2 §2), or undefined for apps without one. */
export const profilePageOf = (appName: string): ProfilePageKey | undefined => {
  const family = familyOfCode(appName);
  return family ? PAGE_OF_FAMILY[family] : undefined;
};

/** The link of a profile in the list: its app's detail page with `?profile_id={id}`; undefined: not linked. */
export const profileDetailHref = (appName: string, profileId: string): string | undefined => {
  const page = profilePageOf(appName);
  return page ? paths.portal[page].getHref(profileId) : undefined;
};
