import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { notifyError, notifySuccess } from './notify';

describe('toasts', () => {
  it('close on a route change, except the one raised just before it; at most three at once', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    await screen.findByLabelText('Email');

    // The toast container is not part of the first download: it mounts with the first toast (provider.tsx).
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    act(() => {
      for (const n of [1, 2, 3, 4]) notifyError(`Problem ${n}`);
    });
    expect(await screen.findByText('Problem 3')).toBeInTheDocument();
    expect(screen.queryByText('Problem 4')).not.toBeInTheDocument(); // queued behind the three shown

    now.mockReturnValue(start + 5000);
    act(() => notifySuccess('Password changed successfully. Please log in again.'));
    await user.click(screen.getByRole('link', { name: /Forgot password/ }));

    await waitFor(() => expect(screen.queryByText('Problem 1')).not.toBeInTheDocument());
    expect(screen.queryByText('Problem 2')).not.toBeInTheDocument();
    expect(screen.getByText('Password changed successfully. Please log in again.')).toBeInTheDocument();
  });
});
