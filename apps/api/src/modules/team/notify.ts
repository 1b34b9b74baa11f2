import type { DbOrTx } from '../../db/client.ts';
import type { EmailContent } from '../mail/templates.ts';
import { recipients, type Audience } from './repository.ts';

/**
 * Emails about an account go to the people of its audience (DECISIONS §12): its state (licences, rollouts, devices)
 * to Owners and Admins, its money (receipts, failures, refunds, price rises, follow-ups) to Owners and Billing members.
 * Personal emails (sign-in code, reset link, password changed) are not sent through here: they stay with the person.
 *
 * One email per person, greeted by their own name (`build(name)`), each handed to `send` (an outbox sender of the
 * caller's transaction, `emailSenderOf`). Answers how many were queued.
 */
export async function emailAccount(
  db: DbOrTx,
  customerId: string,
  about: Audience,
  send: (to: string, content: EmailContent) => Promise<unknown>,
  build: (name: string) => EmailContent,
): Promise<number> {
  const people = await recipients(db, customerId, about);
  for (const person of people) await send(person.email, build(person.name));
  return people.length;
}
