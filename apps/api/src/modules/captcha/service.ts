import { z } from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CAPTCHA_MESSAGE } from '@fleetdeck/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { hmac } from '../../lib/crypto.ts';
import { deleteExpiredCaptchaUses, recordCaptchaUse } from './repository.ts';

/**
 * Self-hosted ALTCHA (DECISIONS §5).
 *
 * Protocol choice: altcha-lib 2.x creates protocol-v2 challenges by default
 * (`{ parameters: { algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt }, signature }`),
 * and the altcha 3.x widget reads v2 natively (it only converts v1 challenges, recognised by a top-level
 * `challenge` field, into v2 with `_version: 1` and then answers the old v1 payload). So both sides speak v2:
 * the widget posts base64(JSON `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`),
 * which `verifySolution` of altcha-lib v2 checks. The altcha-lib/v1 API (`maxnumber`, `?expires=` in the salt)
 * is NOT used.
 *
 * Work: SHA-256 (registered by the widget's default bundle), cost 1, in deterministic mode: the server picks
 * the counter (5 000 – 25 000 hashes, well under a second in the browser's workers) and signs the derived key
 * (`keySignature`), so verification is one HMAC. Valid 2 minutes (`expiresAt`, covered by the signature),
 * single use (`captcha_uses` keyed by the challenge signature).
 */
export const CAPTCHA_TTL_SECONDS = 120;
const ALGORITHM = 'SHA-256';

function captchaSecrets(ctx: AppContext) {
  return {
    hmacSignatureSecret: hmac(ctx.secrets.captchaKey, 'altcha:challenge-signature'),
    hmacKeySignatureSecret: hmac(ctx.secrets.captchaKey, 'altcha:key-signature'),
  };
}

export async function createCaptchaChallenge(ctx: AppContext): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(25_000, 5_000),
    deriveKey,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
    ...captchaSecrets(ctx),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: z.string().max(256),
        salt: z.string().max(256),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().max(256),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(1024) }).loose(),
});

const captchaFailed = () => badRequest('E_CAPTCHA', CAPTCHA_MESSAGE);

function parsePayload(payload: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks the widget's payload and burns it: missing, malformed, tampered, expired or already used → 400
 * `E_CAPTCHA` "Please verify captcha.". Runs inside the caller's transaction, so a request that fails later
 * (and rolls back) leaves the captcha usable for the user's corrected retry.
 */
export async function verifyCaptcha(ctx: AppContext, tx: DbOrTx, payload: string | null | undefined): Promise<void> {
  if (!payload) throw captchaFailed();
  const parsed = parsePayload(payload);
  if (!parsed) throw captchaFailed();
  const challenge = parsed.challenge as Challenge;
  let verified = false;
  try {
    const result = await verifySolution({
      challenge,
      solution: { counter: parsed.solution.counter, derivedKey: parsed.solution.derivedKey },
      deriveKey,
      ...captchaSecrets(ctx),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw captchaFailed();
  const fresh = await recordCaptchaUse(
    tx,
    parsed.challenge.signature,
    new Date(parsed.challenge.parameters.expiresAt * 1000),
  );
  if (!fresh) throw captchaFailed();
}

export const sweepCaptchaUses = (db: DbOrTx) => deleteExpiredCaptchaUses(db);
