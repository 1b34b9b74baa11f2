import crypto from 'node:crypto';
import { fillPath, profilesApi } from '@fleetdeck/contract';

/**
 * Icons of the local catalogue: a rounded square in a colour derived from the package name, with the app's
 * initial. Served by the API itself (no session: an <img> cannot send one), so the search works without any
 * outside host; the online provider answers the Play Store's own icon URLs instead.
 */

export const iconUrlOf = (appId: string) => fillPath(profilesApi.playStoreIcon.path, { file: `${appId}.svg` });

/** Twelve hues that read well behind white text. */
const PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#4527a0',
  '#ad1457',
  '#558b2f',
  '#37474f',
  '#d84315',
  '#0277bd',
];

/** The letter shown: the title's first letter or digit, else the package's last meaningful segment's. */
export function initialOf(appId: string, title: string): string {
  const fromTitle = /[\p{L}\p{N}]/u.exec(title)?.[0];
  if (fromTitle) return fromTitle.toUpperCase();
  const segments = appId.split('.').filter((s) => !['com', 'org', 'net', 'android', 'app', 'apps'].includes(s));
  return (segments.at(-1) ?? appId).charAt(0).toUpperCase() || '?';
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function iconSvg(appId: string, title: string): string {
  const digest = crypto.createHash('sha256').update(appId).digest();
  const colour = PALETTE[digest[0]! % PALETTE.length]!;
  const letter = escapeXml(initialOf(appId, title));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<rect width="96" height="96" rx="22" fill="${colour}"/>` +
    '<text x="48" y="50" dominant-baseline="central" text-anchor="middle" fill="#fff" ' +
    `font-family="Roboto, Arial, sans-serif" font-size="48" font-weight="600">${letter}</text></svg>`
  );
}
