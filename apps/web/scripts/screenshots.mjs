// Screenshots of the main screens with a faked API, for a visual check.
// Usage (from apps/web, after `npx vite build`): node scripts/screenshots.mjs
// Serves dist/ with `vite preview` on port 4179 and writes PNGs to /tmp/web-shots/.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const OUT = '/tmp/web-shots';
const PORT = 4179;
const BASE = `http://localhost:${PORT}`;
mkdirSync(OUT, { recursive: true });

const preview = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'ignore',
});

const waitForServer = async () => {
  for (let i = 0; i < 60; i++) {
    try {
      const res = await fetch(BASE);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('vite preview did not start');
};

const QR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><rect width="29" height="29" fill="#fff"/>${Array.from(
  { length: 29 * 29 },
  (_, i) => {
    const x = i % 29;
    const y = Math.floor(i / 29);
    const finder = (fx, fy) =>
      x >= fx &&
      x < fx + 7 &&
      y >= fy &&
      y < fy + 7 &&
      (x === fx ||
        x === fx + 6 ||
        y === fy ||
        y === fy + 6 ||
        (x >= fx + 2 && x <= fx + 4 && y >= fy + 2 && y <= fy + 4));
    const inFinderBox = (fx, fy) => x >= fx - 1 && x <= fx + 7 && y >= fy - 1 && y <= fy + 7;
    const on =
      finder(1, 1) ||
      finder(21, 1) ||
      finder(1, 21) ||
      (!inFinderBox(1, 1) &&
        !inFinderBox(21, 1) &&
        !inFinderBox(1, 21) &&
        x > 0 &&
        y > 0 &&
        x < 28 &&
        y < 28 &&
        (x * 7 + y * 13 + x * y) % 5 < 2);
    return on ? `<rect x="${x}" y="${y}" width="1" height="1" fill="#111"/>` : '';
  },
).join('')}</svg>`;

const user = {
  _id: '8a4c1f0e-4f5b-4c7e-9a55-2f1d6e3c9b10',
  name: 'Jane Cooper',
  email: 'jane.cooper@acme-logistics.com',
  phone_number: '7700 900123',
  country_code: '+44',
  stripe_customer_id: null,
  stripe_plan_id: null,
  subscription_expire_at: null,
  isOfflineCustomer: false,
  role: 'customer',
  loginQrCodeUrl: '/api/v1/admin/users/login-qr.svg',
  enable_two_step_email_verification: true,
  isResellerModeEnabled: false,
  isResellerModeRequestApprove: false,
  resellerCouponCode: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

const fakeApi = async (route) => {
  const url = new URL(route.request().url());
  const json = (body, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  switch (url.pathname) {
    case '/api/v1/config':
      return json({ respones_msg: 'OK', data: { productName: 'Fleetdeck', oldSystemLoginUrl: null, otpLength: 4 } });
    case '/api/v1/admin/users/detail':
      return json({ respones_msg: 'OK', data: user });
    case '/api/v1/admin/users/login-qr.svg':
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: QR_SVG });
    default:
      return json({ respones_msg: 'Not faked', code: 'E_NOT_FOUND' }, 404);
  }
};

const shots = [
  { name: 'login', path: '/login?show_email_div=1' },
  { name: 'register', path: '/register' },
  { name: 'verify-otp', path: '/verify-otp?email=jane%40acme.test' },
  { name: 'forget-password', path: '/forget-password' },
  { name: 'reset-password', path: '/reset-password?iv=a&encryptedData=b' },
  { name: 'lock', path: '/lock' },
  { name: 'pricing', path: '/pricing' },
  { name: 'subscription', path: '/subscription?price_id=PDOT' },
  { name: 'dashboard', path: '/dashboard', token: true },
  { name: 'update-profile', path: '/update-profile', token: true },
  { name: 'privacy-security', path: '/privacy-security', token: true },
  { name: 'change-password', path: '/change-password', token: true },
  { name: 'coming-soon', path: '/payment-history', token: true },
  {
    name: 'download-apk',
    path: '/dashboard',
    token: true,
    action: async (page) => page.getByRole('button', { name: 'Download APK' }).first().click(),
  },
  {
    name: 'account-menu',
    path: '/dashboard',
    token: true,
    action: async (page) => page.getByRole('button', { name: 'Account menu' }).click(),
  },
  {
    name: 'nav-open',
    path: '/dashboard',
    token: true,
    mobileOnly: true,
    action: async (page) => page.getByRole('button', { name: 'Toggle navigation' }).click(),
  },
];

const only = process.argv[2];

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  for (const viewport of [
    { width: 1280, height: 800, tag: 'desktop' },
    { width: 390, height: 844, tag: 'mobile' },
  ]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    for (const shot of shots) {
      if (only && !shot.name.includes(only)) continue;
      if (shot.mobileOnly && viewport.tag !== 'mobile') continue;
      const page = await context.newPage();
      await page.route('**/api/**', fakeApi);
      await page.addInitScript((token) => {
        if (token) window.localStorage.setItem('token', 'demo-token');
        else window.localStorage.removeItem('token');
      }, Boolean(shot.token));
      await page.goto(`${BASE}${shot.path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1200);
      if (shot.action) {
        await shot.action(page);
        await page.waitForTimeout(600);
      }
      await page.screenshot({ path: `${OUT}/${shot.name}-${viewport.tag}.png`, fullPage: !shot.action });
      await page.close();
    }
    await context.close();
  }
  await browser.close();
  console.log(`Screenshots in ${OUT}`);
} finally {
  preview.kill();
}
