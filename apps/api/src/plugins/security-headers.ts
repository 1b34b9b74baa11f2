import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * The security headers of every answer, computed once at start-up with helmet (the same library and options as
 * before), instead of helmet rebuilding its middleware and setting each header on every request (what
 * @fastify/helmet does: a large share of a trivial request's time).
 */
type HeaderConfig = Pick<Config, 'paymentProvider' | 'publicUrl'>;
const computed = new WeakMap<HeaderConfig, Readonly<Record<string, string>>>();

/** The headers for this configuration, computed once: app.ts sets them on every answer, the long-poll prebuilds them. */
export function securityHeaders(config: HeaderConfig): Readonly<Record<string, string>> {
  let headers = computed.get(config);
  if (!headers) computed.set(config, (headers = Object.freeze(computeSecurityHeaders(config))));
  return headers;
}

function computeSecurityHeaders(config: HeaderConfig): Record<string, string> {
  // Stripe.js and its card iframe come from Stripe's hosts; allowed only when Stripe is the provider.
  const stripe = config.paymentProvider === 'stripe';
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeConnect = stripe ? ['https://api.stripe.com'] : [];
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        // Mantine sets style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // QR images are addressed with PUBLIC_URL, which may differ from the host the browser used.
        imgSrc: ["'self'", new URL(config.publicUrl).origin, 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeConnect],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...stripeFrames],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only when the product is served over https (issue 12, item 8): on http it would be ignored or wrong.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });

  // Helmet's headers do not depend on the request: run it once against a recorder.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/** The video players the public /videos page embeds (privacy-respecting hosts: YouTube's no-cookie, Vimeo with dnt). */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The public video page (and nothing else) may frame the players. */
export const isVideoPagePath = (url: string) => url === '/videos' || url === '/videos/';

/**
 * The CSP of the public /videos page's HTML: the same policy with the video players allowed in `frame-src`. Every
 * other answer keeps the base policy (the site's links to /videos load the page anew to get this one).
 */
export function withVideoFrames(csp: string): string {
  return csp.replace(
    /(^|;)(\s*)frame-src ([^;]*)/,
    (_m, start: string, space: string, sources: string) =>
      `${start}${space}frame-src ${sources} ${VIDEO_FRAME_HOSTS.join(' ')}`,
  );
}

/**
 * The API docs' own policy without `upgrade-insecure-requests` (issue 24): swagger-ui's static CSP carries it, so over
 * plain http on any host but localhost the browser fetched the page's scripts over https and the page stayed blank.
 * The product's own policy never upgrades; HSTS does that when PUBLIC_URL is https.
 */
export const docsCspWithoutUpgrade = (csp: string): string =>
  csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && d !== 'upgrade-insecure-requests')
    .join('; ');
