/**
 * Full page loads go through this object so tests can observe them
 * (jsdom implements no navigation, and `window.location` cannot be spied on).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
