import { endpoint, messageSchema, usersApi } from '@fleetdeck/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { mockApi } from '@/test/mock-api';
import { ApiError, client, NETWORK_ERROR_MESSAGE, setApiSession, setSessionEndedHandler } from './api-client';
import { customerSession, staffSession } from './auth-storage';
import { downloadFile } from './download-file';

// Calls of the shape the contract's table has, on paths the mock answers.
const thing = endpoint({
  method: 'POST',
  path: '/api/v1/thing',
  body: z.object({ a: z.number() }),
  response: messageSchema,
});
const x = endpoint({ method: 'POST', path: '/api/v1/x', body: z.object({}), response: messageSchema });
const y = endpoint({ method: 'GET', path: '/api/v1/y', response: messageSchema });
const zz = endpoint({ method: 'GET', path: '/api/v1/z', response: messageSchema });

describe('api client', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('sends the stored token as the authorization header and parses the answer', async () => {
    window.localStorage.setItem('token', 'tok-123');
    const { calls } = mockApi({ 'POST /api/v1/thing': { body: { respones_msg: 'Saved' } } });
    const answer = await client(thing, { body: { a: 1 } });
    expect(answer).toEqual({ respones_msg: 'Saved' });
    expect(calls[0]?.headers.authorization).toBe('tok-123');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('throws an ApiError with status, code, message and flags', async () => {
    mockApi({
      'POST /api/v1/x': {
        status: 401,
        body: { respones_msg: 'Wrong email or password.', code: 'E_INVALID_CREDENTIALS', userExist: 1 },
      },
    });
    const error = await client(x, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'E_INVALID_CREDENTIALS',
      message: 'Wrong email or password.',
      userExist: true,
      isLogout: false,
    });
  });

  it('clears the token and ends the session when the server says is_logout', async () => {
    window.localStorage.setItem('token', 'expired');
    const ended = vi.fn();
    restore = setSessionEndedHandler(ended);
    mockApi({
      'GET /api/v1/admin/users/detail': {
        status: 401,
        body: { respones_msg: 'Your session has expired.', code: 'E_SESSION_EXPIRED', is_logout: 1 },
      },
    });
    const error = await client(usersApi.detail).catch((e: unknown) => e);
    expect(error).toMatchObject({ isLogout: true, message: 'Your session has expired.' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps the token on an ordinary failure', async () => {
    window.localStorage.setItem('token', 'good');
    mockApi({ 'GET /api/v1/y': { status: 400, body: { respones_msg: 'name is required', code: 'E_VALIDATION' } } });
    await expect(client(y)).rejects.toThrow('name is required');
    expect(window.localStorage.getItem('token')).toBe('good');
  });

  it('turns a network failure into a friendly message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(client(zz)).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it("sends the back office's staff token once the app chose the staff store, and ends both staff keys on is_logout", async () => {
    window.localStorage.setItem('token', 'customer-token');
    window.localStorage.setItem('super_admin_token', 'staff-token');
    window.localStorage.setItem('adminRole', 'Admin');
    setApiSession(staffSession);
    try {
      const ended = vi.fn();
      restore = setSessionEndedHandler(ended);
      const { calls } = mockApi({
        'GET /api/v1/y': { status: 401, body: { respones_msg: 'Your session has ended.', is_logout: 1 } },
      });
      await client(y).catch(() => undefined);
      expect(calls[0]?.headers.authorization).toBe('staff-token');
      expect(window.localStorage.getItem('super_admin_token')).toBeNull();
      expect(window.localStorage.getItem('adminRole')).toBeNull();
      expect(window.localStorage.getItem('token')).toBe('customer-token');
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      setApiSession(customerSession);
    }
  });

  it('downloads a file answer under the name the server gives, and throws its message when there is nothing', async () => {
    window.localStorage.setItem('token', 'tok-9');
    const clicked: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response('Email,Created On\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Newsletters.csv"' },
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ respones_msg: 'No data to export', code: 'E_NO_DATA' }), { status: 404 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    await downloadFile(y, { query: { isExportData: true }, fallbackName: 'x.csv' });
    expect(clicked).toEqual([{ name: 'Newsletters.csv', href: 'blob:x' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/y?isExportData=true');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).toMatchObject({ authorization: 'tok-9' });
    const error = await downloadFile(y, { fallbackName: 'x.csv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('No data to export');
    expect((error as ApiError).code).toBe('E_NO_DATA');
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});
