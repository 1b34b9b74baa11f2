import { describe, expect, it } from 'vitest';
import { securityHeaders, withVideoFrames } from './security-headers.ts';

describe('withVideoFrames (the customer HTML of the public /videos page)', () => {
  it('adds only the privacy-respecting video players to frame-src and leaves the rest of the policy alone', () => {
    const base = securityHeaders({ paymentProvider: 'sandbox', publicUrl: 'http://localhost:3000' })[
      'content-security-policy'
    ]!;
    const csp = withVideoFrames(base);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com;");
    expect(csp.replace(' https://www.youtube-nocookie.com https://player.vimeo.com', '')).toBe(base);
    expect(csp).toContain("script-src 'self';");
    expect(base).not.toContain('youtube');
  });
});
