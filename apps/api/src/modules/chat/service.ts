import {
  PCHAT_MIN_QTY,
  chatApi,
  fillPath,
  type ChatSeats,
  type ChatUser,
  type ChatUserCreateRequest,
} from '@fleetdeck/contract';
import { inTransaction, type AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, hmac, safeEqualHex } from '../../lib/crypto.ts';
import type { CustomerActor } from '../../lib/actor.ts';
import { writeAudit } from '../audit/service.ts';
import { refreshSeatSummary } from '../licences/seats.ts';
import { familyLicenceOf, freeSeats, lockFamilyPool } from '../licences/service.ts';
import * as repo from './repository.ts';

/**
 * Power Chat users (spec 2 §2, §7). Each user not deleted takes one PCHAT seat of the licence ledger, counted by
 * the licence service only; creation takes the seat under the family's pool lock, so concurrent creations never
 * oversell. Every call is scoped to the session's customer.
 */

const PCHAT = 'PCHAT';

const chatUserNotFound = () => notFound('Power Chat user not found.');

/** What the user's QR code says: the Power Chat app opens it, fills in the user id and asks for the password. */
const chatLoginQrText = (publicUrl: string, userId: string) =>
  `${publicUrl}/chat-login?user=${encodeURIComponent(userId)}`;

/**
 * The key in a chat user's QR image URL: an <img> cannot send the session token, so the URL itself is the
 * capability. It is an HMAC of the owner and the user id under the installation's code key, so it cannot be
 * guessed from an `_id` and only the owner's console (detail and list answers) ever learns it.
 */
const qrKeyOf = (ctx: AppContext, customerId: string, chatUserId: string) =>
  hmac(ctx.secrets.codeKey, `chat-qr:${customerId}:${chatUserId}`);

const chatQrImageUrl = (ctx: AppContext, customerId: string, chatUserId: string) =>
  ctx.config.publicUrl +
  fillPath(chatApi.qrImage.path, { id: chatUserId, file: `${qrKeyOf(ctx, customerId, chatUserId)}.png` });

function toChatUser(ctx: AppContext, row: repo.RankedChatUser, purchased: number): ChatUser {
  return {
    _id: row.id,
    fcmData: { name: row.name, user_id: row.userId },
    isTrialUser: row.seatRank > purchased,
    addToGlobalPull: row.addToGlobalPull,
    qrCodeUrl: chatQrImageUrl(ctx, row.customerId, row.id),
    created_at: row.createdAt.toISOString(),
  };
}

const purchasedSeats = async (ctx: AppContext, customerId: string) =>
  (await familyLicenceOf(ctx.db, customerId, PCHAT)).purchased;

export async function list(ctx: AppContext, customerId: string, q: { page: number; limit: number }) {
  const [{ rows, total }, purchased] = await Promise.all([
    repo.listChatUsers(ctx.db, customerId, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    purchasedSeats(ctx, customerId),
  ]);
  return { data: rows.map((r) => toChatUser(ctx, r, purchased)), total };
}

export async function detail(ctx: AppContext, customerId: string, id: string) {
  const [row, purchased] = await Promise.all([
    repo.findChatUser(ctx.db, customerId, id),
    purchasedSeats(ctx, customerId),
  ]);
  if (!row) throw chatUserNotFound();
  return toChatUser(ctx, row, purchased);
}

/** The PCHAT seats as the ledger counts them now (the Sync button). */
export async function sync(ctx: AppContext, actor: CustomerActor): Promise<ChatSeats> {
  const customerId = actor.id;
  const [licence, free] = await Promise.all([
    familyLicenceOf(ctx.db, customerId, PCHAT),
    freeSeats(ctx.db, customerId, PCHAT),
  ]);
  const seats = {
    purchased: licence.purchased,
    used: licence.used,
    free,
    uncovered: Math.max(0, licence.used - licence.purchased),
  };
  await writeAudit(ctx.db, {
    customerId,
    type: 'User Account',
    subType: 'Chat Users Synced',
    message: `Power Chat users synced: ${seats.used} of ${seats.purchased} licences in use`,
    actor,
  });
  return seats;
}

type CreateInput = Required<ChatUserCreateRequest>;

const userIdTaken = () =>
  new AppError(409, 'E_CONFLICT', 'user_id: this user id is already taken. Please choose another one.', {
    errors: [{ field: 'user_id', message: 'is already taken' }],
  });

/**
 * 402 when every PCHAT seat is in use. `requiredPurchasedQty` is what to buy for one more user: the seats missing
 * (more than one when expired seats left users uncovered), at least PCHAT_MIN_QTY, the least a PCHAT purchase or
 * subscription update takes (its page is prefilled with that minimum, so the message names the same number;
 * `isSubscriptionUpdate: 1` sends the console to update-subscription).
 */
async function noFreeSeat(tx: DbOrTx, customerId: string) {
  // One transaction client: its queries go one after another.
  const licence = await familyLicenceOf(tx, customerId, PCHAT);
  const subscribed = await repo.hasActiveSubscription(tx, customerId, PCHAT);
  const missing = Math.max(1, licence.used + 1 - licence.purchased);
  const requiredPurchasedQty = Math.max(PCHAT_MIN_QTY, missing);
  return new AppError(
    402,
    'E_NO_LICENCE',
    `All your Power Chat licences are in use (${licence.used} of ${licence.purchased}). ` +
      `Please buy ${requiredPurchasedQty} more to add this user.`,
    { redirectToPaymentPage: 1, requiredPurchasedQty, ...(subscribed ? { isSubscriptionUpdate: 1 as const } : {}) },
  );
}

export async function create(ctx: AppContext, actor: CustomerActor, input: CreateInput): Promise<ChatUser> {
  const customerId = actor.id;
  if (isCommonPassword(input.password)) {
    throw badRequest('E_PASSWORD_WEAK', 'password: this password is too common. Please choose a less guessable one.', {
      errors: [{ field: 'password', message: 'is too common' }],
    });
  }
  try {
    // Check first, hash last (issue 12, items 6 and 8): the seat, then the user id (only a customer with a free seat
    // learns whether an id is taken), then the slow hash, outside the seat lock; both checks again under the lock.
    if ((await freeSeats(ctx.db, customerId, PCHAT)) < 1) throw await noFreeSeat(ctx.db, customerId);
    if (await repo.isUserIdTaken(ctx.db, input.user_id)) throw userIdTaken();
    const passwordHash = await hashPassword(input.password);
    const id = await inTransaction(ctx.db, async (tx) => {
      await lockFamilyPool(tx, customerId, PCHAT);
      if ((await freeSeats(tx, customerId, PCHAT)) < 1) throw await noFreeSeat(tx, customerId);
      if (await repo.isUserIdTaken(tx, input.user_id)) throw userIdTaken();
      const row = await repo.insertChatUser(tx, {
        customerId,
        name: input.name,
        userId: input.user_id,
        passwordHash,
        addToGlobalPull: input.addToGlobalPull,
      });
      // Another customer's creation of the same user id committed between the check and the insert.
      if (!row) throw userIdTaken();
      await writeAudit(tx, {
        customerId,
        type: 'User Account',
        subType: 'Chat User Created',
        message: `Power Chat user ${input.user_id} (${input.name}) created`,
        actor,
      });
      await refreshSeatSummary(tx, customerId);
      return row.id;
    });
    return await detail(ctx, customerId, id);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 402) {
      // The refused creation is worth a trace; its transaction rolled back, so it is written on its own.
      await writeAudit(ctx.db, {
        customerId,
        type: 'User Account',
        subType: 'Chat User Created',
        message: `Power Chat user ${input.user_id} not created: no free Power Chat licence`,
        hasError: true,
        actor,
      });
    }
    throw err;
  }
}

export async function remove(ctx: AppContext, actor: CustomerActor, id: string) {
  const customerId = actor.id;
  await inTransaction(ctx.db, async (tx) => {
    const row = await repo.softDeleteChatUser(tx, customerId, id);
    if (!row) throw chatUserNotFound();
    await writeAudit(tx, {
      customerId,
      type: 'User Account',
      subType: 'Chat User Deleted',
      message: `Power Chat user ${row.userId} (${row.name}) deleted; its licence is free`,
      actor,
    });
    await refreshSeatSummary(tx, customerId);
  });
}

/** The PNG text of a QR image URL, or null when the user is gone or the key is not this user's. */
export async function qrTextOf(ctx: AppContext, chatUserId: string, key: string): Promise<string | null> {
  const row = await repo.findLiveChatUserById(ctx.db, chatUserId);
  if (!row || !safeEqualHex(qrKeyOf(ctx, row.customerId, row.id), key)) return null;
  return chatLoginQrText(ctx.config.publicUrl, row.userId);
}
