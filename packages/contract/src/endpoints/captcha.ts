import { endpoint } from '../endpoint.ts';
import { captchaChallengeSchema } from '../payments.ts';

/** An ALTCHA v2 challenge for the widget (DECISIONS §5). */
export const challenge = endpoint({
  method: 'GET',
  path: '/api/v1/captcha/challenge',
  response: captchaChallengeSchema,
});
