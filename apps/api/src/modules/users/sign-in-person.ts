import type { DbOrTx } from '../../db/client.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { revokeMemberSessions, revokeRegistrantSessions } from '../sessions/service.ts';
import * as team from '../team/repository.ts';
import * as repo from './repository.ts';

/**
 * Someone who signs in to a customer account (DECISIONS §12): the registrant, whose credentials are the account's own
 * row, or a member with their own email, password and two-step setting. Sign-in, two-step codes, lockout, reset
 * links, password change and two-step on/off work on this, so both follow one path.
 */
export interface SignInPerson {
  /** The key of lockout counters, codes and links: the account id for the registrant, the member id otherwise. */
  id: string;
  /** The member row of the sessions it opens (the registrant's own row; null only for accounts seeded without one). */
  memberId: string | null;
  isRegistrant: boolean;
  email: string;
  name: string;
  passwordHash: string;
  twoStepEnabled: boolean;
  account: repo.CustomerRow;
}

const registrant = async (db: DbOrTx, account: repo.CustomerRow): Promise<SignInPerson> => ({
  id: account.id,
  memberId: (await team.registrantOf(db, account.id))?.id ?? null,
  isRegistrant: true,
  email: account.email,
  name: account.name,
  passwordHash: account.passwordHash,
  twoStepEnabled: account.twoStepEnabled,
  account,
});

async function member(db: DbOrTx, row: team.MemberRow | null): Promise<SignInPerson | null> {
  if (!row || row.registrant || !row.passwordHash || !row.email) return null;
  const account = await repo.findCustomerById(db, row.customerId);
  if (!account) return null;
  return {
    id: row.id,
    memberId: row.id,
    isRegistrant: false,
    email: row.email,
    name: row.name ?? row.email,
    passwordHash: row.passwordHash,
    twoStepEnabled: row.twoStepEnabled,
    account,
  };
}

/** The person who signs in with this email: an account's own email first, then a member's. */
export async function findSignInPerson(db: DbOrTx, email: string): Promise<SignInPerson | null> {
  const account = await repo.findCustomerByEmail(db, email);
  if (account) return registrant(db, account);
  return member(db, await team.findMemberByEmail(db, email));
}

/** The person of a reset link (its id is the account's for the registrant, the member's otherwise). */
export async function findSignInPersonById(db: DbOrTx, id: string): Promise<SignInPerson | null> {
  const account = await repo.findCustomerById(db, id);
  if (account) return registrant(db, account);
  return member(db, await team.findMemberById(db, id));
}

/** The signed-in person behind a customer actor (a session without a member is the registrant's). */
export async function personOfActor(db: DbOrTx, actor: CustomerActor): Promise<SignInPerson> {
  const row = actor.member ? await team.findMember(db, actor.id, actor.member.id) : null;
  const person = row && !row.registrant ? await member(db, row) : null;
  if (person) return person;
  const account = await repo.findCustomerById(db, actor.id);
  if (!account) throw notFound('Account not found.');
  return registrant(db, account);
}

export async function setPassword(tx: DbOrTx, person: SignInPerson, passwordHash: string) {
  if (person.isRegistrant) await repo.updateCustomer(tx, person.id, { passwordHash });
  else await team.updateMember(tx, person.id, { passwordHash });
}

export async function setTwoStep(tx: DbOrTx, person: SignInPerson, enabled: boolean) {
  if (person.isRegistrant) await repo.updateCustomer(tx, person.id, { twoStepEnabled: enabled });
  else await team.updateMember(tx, person.id, { twoStepEnabled: enabled });
}

/**
 * Ends the person's own sessions (their password changed or was reset): a member's, or the registrant's (and the
 * account's sessions older than the team), never the other members'.
 */
export async function revokePersonSessions(tx: DbOrTx, person: SignInPerson, reason: string) {
  if (!person.isRegistrant) return revokeMemberSessions(tx, person.id, reason);
  await revokeRegistrantSessions(tx, person.account.id, person.memberId, reason);
}

/** A member's sign-in stamps their last sign-in (the team page shows it). */
export async function markSignedIn(tx: DbOrTx, person: SignInPerson) {
  if (person.memberId) await team.updateMember(tx, person.memberId, { lastLoginAt: new Date() });
}
