import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { usePageView } from './page-view';

afterEach(() => vi.unstubAllGlobals());

describe('usePageView (DECISIONS §8 page views)', () => {
  it('sends one view of the page per page load', async () => {
    const api = mockApi({ 'POST /api/v1/public/page-view': { body: { respones_msg: 'Page view recorded' } } });
    const { rerender } = renderHook(() => usePageView('Payment'));
    rerender();
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/public/page-view')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/v1/public/page-view')[0]!.body).toEqual({ page: 'Payment' });
  });

  it('stays silent when the call fails', async () => {
    const api = mockApi({ 'POST /api/v1/public/page-view': { status: 429, body: { respones_msg: 'Too many' } } });
    const errors = vi.spyOn(console, 'error');
    renderHook(() => usePageView('Home'));
    await waitFor(() => expect(api.callsTo('POST', '/api/v1/public/page-view')).toHaveLength(1));
    expect(errors).not.toHaveBeenCalled();
  });
});
