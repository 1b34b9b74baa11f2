import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's keys (the first value of each). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockAnswer {
  status?: number;
  body: unknown;
}

type Handler = (call: RecordedCall) => MockAnswer | Promise<MockAnswer>;

export const DEFAULT_CONFIG = {
  respones_msg: 'OK',
  data: {
    productName: 'Fleetdeck',
    oldSystemLoginUrl: 'https://old.example.com/login',
    otpLength: 4,
    paymentProvider: 'sandbox',
    stripePublishableKey: null,
    supportEmail: 'support@fleetdeck.test',
    privacyUrl: 'https://www.fleetdeck.test/privacy',
    termsUrl: 'https://www.fleetdeck.test/terms',
  },
};

export const sampleUser = {
  _id: '8a4c1f0e-4f5b-4c7e-9a55-2f1d6e3c9b10',
  name: 'Jane Cooper',
  email: 'jane@acme.test',
  phone_number: '+447700900123',
  country_code: '+44',
  stripe_customer_id: null,
  stripe_plan_id: null,
  subscription_expire_at: null,
  isOfflineCustomer: false,
  role: 'customer',
  loginQrCodeUrl: '/api/v1/admin/users/login-qr.png',
  enrolmentLink: 'http://localhost:3000/enrol?token=sample-enrolment-token',
  enable_two_step_email_verification: false,
  isResellerModeEnabled: false,
  isResellerModeRequestApprove: false,
  resellerCouponCode: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

/**
 * Replaces `fetch` with a fake API. Routes are "METHOD /path" (query ignored).
 * `GET /api/v1/config` answers by default; unknown routes answer 404.
 */
export function mockApi(routes: Record<string, Handler | MockAnswer>) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler | MockAnswer> = {
    'GET /api/v1/config': { body: DEFAULT_CONFIG },
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init?.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers,
    };
    calls.push(call);
    const route = all[`${method} ${url.pathname}`];
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, body: { respones_msg: `No mock for ${method} ${url.pathname}`, code: 'E_NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
