import { messageSchema } from '@fleetdeck/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { api, ApiError, NETWORK_ERROR_MESSAGE, setSessionEndedHandler } from './api-client';

describe('api client', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('sends the stored token as the authorization header and parses the answer', async () => {
    window.localStorage.setItem('token', 'tok-123');
    const { calls } = mockApi({ 'POST /api/v1/thing': { body: { respones_msg: 'Saved' } } });
    const answer = await api.post('/api/v1/thing', { a: 1 }, messageSchema);
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
    const error = await api.post('/api/v1/x', {}, messageSchema).catch((e: unknown) => e);
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
    const error = await api.get('/api/v1/admin/users/detail', messageSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ isLogout: true, message: 'Your session has expired.' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps the token on an ordinary failure', async () => {
    window.localStorage.setItem('token', 'good');
    mockApi({ 'GET /api/v1/y': { status: 400, body: { respones_msg: 'name is required', code: 'E_VALIDATION' } } });
    await expect(api.get('/api/v1/y', messageSchema)).rejects.toThrow('name is required');
    expect(window.localStorage.getItem('token')).toBe('good');
  });

  it('turns a network failure into a friendly message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/v1/z', messageSchema)).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
