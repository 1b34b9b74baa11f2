import { describe, expect, it } from 'vitest';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };

/** setup.ts: what one test does to the shared window does not reach the next (the files of a worker share it). */
describe('the test window between tests', () => {
  it('may be moved to a blob: address, as a clicked download link moves it', () => {
    (window as unknown as HappyDomWindow).happyDOM.setURL('blob:x');
    expect(window.location.href).toBe('blob:x');
  });

  it('is back at the test address in the next test, where a relative image address loads without error', () => {
    expect(window.location.href).toBe('http://localhost:3000/');
    const img = document.createElement('img');
    let failed = false;
    img.addEventListener('error', () => (failed = true));
    img.src = '/api/v1/qr/apk/PD.png';
    expect(failed).toBe(false);
  });
});
