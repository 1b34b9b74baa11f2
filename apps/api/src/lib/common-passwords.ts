import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@fleetdeck/contract';
import { badRequest } from './errors.ts';

/** ~49k most common passwords (zxcvbn-ts's maintained list); only those long enough to pass the length rule matter. */
let list: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    (dictionary.passwords as string[]).filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()),
  );
  return list.has(password.toLowerCase());
}

/** DECISIONS §4 for every realm: a password from the common-password list is refused. */
export function assertNotCommonPassword(password: string) {
  if (isCommonPassword(password)) {
    throw badRequest('E_PASSWORD_WEAK', 'This password is too common. Please choose a less guessable one.');
  }
}
