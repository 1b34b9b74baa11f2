import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { freePort } from '../../apps/api/test/support/postgres.ts';
import { startTestRuntime, type TestRuntime } from '../../apps/api/test/support/runtime.ts';
import { ACTION_TIMEOUT } from './timeouts.ts';

/**
 * Debian's Chromium, as its headless shell where installed (`apt-get install chromium-headless-shell`, same version
 * and the same Blink as `/usr/bin/chromium`), else the full browser: the shell drove the 20 journeys with 61 fewer
 * CPU-seconds of 325 (docs/adr/0013-browser-tests-on-chromium-headless-shell.md). CHROMIUM_PATH overrides.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? debianChromium();

function debianChromium() {
  // The program itself: /usr/bin/chromium-headless-shell is a shell script that starts it as a child.
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}

/**
 * One Chromium per worker, launched by its first browser file and reused by the next ones (the project does not
 * isolate files: test files share this module): a launch cost over a CPU-second in every file before. Files
 * share nothing in it but the process: each test opens its own contexts (cookies, storage), closed when its file ends.
 * Playwright kills the browser when the worker exits.
 */
let browserLaunch: Promise<Browser> | undefined;
export function sharedBrowser(): Promise<Browser> {
  browserLaunch ??= launchBrowser();
  browserLaunch.catch(() => (browserLaunch = undefined));
  return browserLaunch;
}

async function launchBrowser() {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // A browser that crashed is launched anew by the next file.
  browser.once('disconnected', () => (browserLaunch = undefined));
  return browser;
}

/** The real server (SPA + API) on a free port, with its own database and SMTP peer, plus the worker's Chromium. */
export async function startE2e(pgAdminUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const rt: TestRuntime = await startTestRuntime(pgAdminUrl, {
    listen: true,
    serveWeb: true,
    env: { PORT: String(port), PUBLIC_URL: baseUrl, HOST: '127.0.0.1', ...env },
  });
  const browser = await sharedBrowser();
  return {
    rt,
    baseUrl,
    browser,
    /**
     * A page in a context of its own, with the journeys' action ceiling (`extra`: more context options). The page asks
     * for less motion, as a visitor may (global.css, theme.ts): spinners, skeletons and transitions do not animate
     * while a journey waits, and a journey never meets a modal half open. Three journeys measured: Chromium's GPU
     * process 8.5 → 4.0 and 5.2 CPU-s; the run as a whole within its noise. A context may ask for `no-preference`.
     */
    async newPage(
      viewport = { width: 1280, height: 800 },
      extra: BrowserContextOptions = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ reducedMotion: 'reduce', ...extra, viewport, baseURL: baseUrl });
      const page = await context.newPage();
      page.setDefaultTimeout(ACTION_TIMEOUT);
      return { context, page };
    },
    async close() {
      // The browser stays for the worker's next file; what this file opened in it goes (files run one at a time in a
      // worker, so every context is this file's, including ones it opened with `browser.newContext`).
      await Promise.all(browser.contexts().map((context) => context.close()));
      await rt.close();
    },
  };
}

export type E2e = Awaited<ReturnType<typeof startE2e>>;

/** A page of a new browser context signed in as the customer whose session token this is (the console reads it). */
export async function customerPage(e2e: E2e, token: string, viewport?: { width: number; height: number }) {
  const { page } = await e2e.newPage(viewport);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return page;
}
