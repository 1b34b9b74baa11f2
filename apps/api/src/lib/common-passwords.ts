import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@fleetdeck/contract';

/** ~49k most common passwords (zxcvbn-ts's maintained list); only those long enough to pass the length rule matter. */
let list: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    (dictionary.passwords as string[]).filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()),
  );
  return list.has(password.toLowerCase());
}
