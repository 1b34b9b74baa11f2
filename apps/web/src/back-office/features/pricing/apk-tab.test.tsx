import type { StaffApkVersion } from '@fleetdeck/contract/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { mockApi } from '@/test/mock-api';
import { renderBackOffice, signedInStaff } from '@/test/render-back-office';

const S = '/api/v1/super-admin';

/** A stand-in for XMLHttpRequest (the upload's progress needs it): records the request, answers when told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiSession(customerSession);
  window.localStorage.clear();
});

const version = (over: Partial<StaffApkVersion> = {}): StaffApkVersion => ({
  _id: 'v1',
  family: 'SL',
  versionCode: 412,
  versionName: '4.1.2',
  packageName: 'com.fleetdeck.superlock',
  sizeBytes: 13_212_876,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  uploadedBy: 'root@fleetdeck.test',
  created_at: '2026-11-20T09:00:00.000Z',
  downloadUrl: 'http://localhost:3000/downloads/SL/412.apk',
  ...over,
});

const slPrice = (apkLink: string) => ({
  _id: '5b0b7f39-7a53-4a36-9b0e-0f3b9f7d1a12',
  name: 'Super Lock Subscription',
  identifier: 'SL',
  priceId: 'SL',
  description: '',
  status: 'Active',
  apkLink,
  features: [],
  amount: 19.99,
  currency: 'eur',
  interval: 'year',
  intervalCount: 1,
  type: 'recurring',
  created_at: '2026-11-01T10:00:00.000Z',
});

function signedIn({ rows = [version()], maxUploadBytes = 300 * 1024 * 1024, slLink = '' } = {}) {
  return mockApi({
    ...signedInStaff(),
    [`GET ${S}/price/list`]: {
      body: { respones_msg: 'Price list', data: { recurringPriceList: [slPrice(slLink)], oneTimePriceList: [] } },
    },
    [`GET ${S}/price/apk/list`]: {
      body: {
        respones_msg: 'APK list',
        data: rows,
        pagination: { page: 1, limit: 25, total: rows.length, totalCapped: false, nextCursor: null },
        maxUploadBytes,
      },
    },
  });
}

const apkFile = (bytes = 2048, name = 'app-release.apk') =>
  new File([new Uint8Array(bytes)], name, { type: 'application/vnd.android.package-archive' });
const form = () => screen.getByRole('form', { name: 'Upload an APK' });
const fileInput = () => form().querySelector('input[type="file"]') as HTMLInputElement;

async function openTab(options: Parameters<typeof signedIn>[0] = {}) {
  const api = signedIn(options);
  const view = renderBackOffice('/admin-pricing-list?tab=apks');
  await screen.findByRole('form', { name: 'Upload an APK' });
  return { api, ...view };
}

async function chooseApp(user: ReturnType<typeof renderBackOffice>['user'], name: string) {
  const input = within(form()).getByLabelText(/^App/, { selector: 'input' });
  await user.click(input);
  // The list filter has an App select too: pick from this one's own list.
  const listbox = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await user.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('Pricing → APKs (DECISIONS §14)', () => {
  it('lists the uploaded versions with app, version, size, SHA-256, uploader, date and download link', async () => {
    await openTab();
    const table = await screen.findByRole('table', { name: 'Uploaded APKs' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Super Lock');
    expect(row).toHaveTextContent('4.1.2');
    expect(row).toHaveTextContent('code 412');
    expect(row).toHaveTextContent('12.6 MB');
    expect(row).toHaveTextContent(version().sha256);
    expect(row).toHaveTextContent('root@fleetdeck.test');
    expect(within(row).getByRole('link', { name: 'Download Super Lock version code 412' })).toHaveAttribute(
      'href',
      'http://localhost:3000/downloads/SL/412.apk',
    );
    expect(screen.getByRole('tab', { name: 'APKs' })).toHaveAttribute('aria-selected', 'true');
  });

  it('checks the fields before sending: the app, the file and APK_MAX_MB, each at its field', async () => {
    const { user } = await openTab({ maxUploadBytes: 1024 });
    expect(await within(form()).findByText('At most 1 KB.')).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Upload' }));
    expect(await within(form()).findByText('Choose the app')).toBeInTheDocument();
    expect(within(form()).getByText('Choose the APK file')).toBeInTheDocument();
    await chooseApp(user, 'Super Lock');
    await user.upload(fileInput(), apkFile(2048));
    await user.click(within(form()).getByRole('button', { name: 'Upload' }));
    expect(
      await within(form()).findByText('The APK is 2 KB: at most 1 KB can be uploaded (APK_MAX_MB)'),
    ).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with progress, then says what was read and reads the list again', async () => {
    const { api, user } = await openTab();
    await screen.findByRole('table', { name: 'Uploaded APKs' });
    const listCalls = api.callsTo('GET', `${S}/price/apk/list`).length;
    await chooseApp(user, 'Super Lock');
    const file = apkFile(4096);
    await user.upload(fileInput(), file);
    await user.click(within(form()).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${S}/price/apk/upload`);
    expect(xhr.headers.authorization).toBe('staff-token');
    expect(xhr.body!.get('family')).toBe('SL');
    expect((xhr.body!.get('file') as File).name).toBe('app-release.apk');

    xhr.progress(2048, 4096);
    expect(await within(form()).findByText(/Uploading… 50% \(2 KB of 4 KB\)/)).toBeInTheDocument();
    expect(within(form()).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    xhr.respond(200, { respones_msg: 'APK uploaded successfully.', data: version({ versionCode: 413 }) });
    const status = await within(form()).findByRole('status');
    expect(status).toHaveTextContent('Super Lock 4.1.2 (version code 413), 12.6 MB.');
    expect(status).not.toHaveTextContent('external APK link');
    expect(within(form()).queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', `${S}/price/apk/list`).length).toBeGreaterThan(listCalls));
  });

  it('says when the app keeps an external link over the upload', async () => {
    const { user } = await openTab({ slLink: 'https://cdn.example.com/superlock.apk' });
    await chooseApp(user, 'Super Lock');
    await user.upload(fileInput(), apkFile());
    await user.click(within(form()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, { respones_msg: 'APK uploaded successfully.', data: version() });
    expect(await within(form()).findByRole('status')).toHaveTextContent(
      "This app's plans keep their external APK link (set in pricing edit)",
    );
  });

  it("puts the server's refusals under their field, and other failures above the button", async () => {
    const { user } = await openTab();
    await chooseApp(user, 'URL Blocker');
    await user.upload(fileInput(), apkFile());
    const send = async (status: number, body: unknown) => {
      await user.click(within(form()).getByRole('button', { name: 'Upload' }));
      await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(0));
      FakeXhr.sent.pop()!.respond(status, body);
    };
    const duplicate = 'Version code 30 of URL Blocker is already uploaded: build the app with a higher versionCode.';
    await send(400, {
      respones_msg: duplicate,
      code: 'E_CONFLICT',
      errors: [{ field: 'file', message: 'version code 30 is already uploaded' }],
    });
    const atField = (text: string) =>
      within(form()).getByText(text).closest('.mantine-InputWrapper-root')?.querySelector('input, button');
    expect(await within(form()).findByText(duplicate)).toBeInTheDocument();
    // Under the APK file field (its own wrapper), not as a form-wide alert.
    expect(within(form()).getByText(duplicate).closest('.mantine-InputWrapper-root')).toHaveTextContent('APK file');
    expect(atField(duplicate)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();

    await send(413, { respones_msg: 'Request entity too large' });
    expect(await within(form()).findByText('Request entity too large')).toBeInTheDocument();
    expect(
      within(form()).getByText('Request entity too large').closest('.mantine-InputWrapper-root'),
    ).toHaveTextContent('APK file');

    await send(503, { respones_msg: 'The server is busy.', code: 'E_UNAVAILABLE' });
    expect(await within(form()).findByRole('alert')).toHaveTextContent('The server is busy.');
  });

  it('cancels an upload in progress: nothing saved, the form usable again', async () => {
    const { user } = await openTab();
    await chooseApp(user, 'Power Chat');
    await user.upload(fileInput(), apkFile());
    await user.click(within(form()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await user.click(await within(form()).findByRole('button', { name: 'Cancel upload' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Upload cancelled: nothing was saved.');
    expect(within(form()).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
