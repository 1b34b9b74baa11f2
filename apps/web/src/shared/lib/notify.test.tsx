import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { notifyError, notifySuccess } from './notify';

describe('toasts', () => {
  it('close on a route change, except the one raised just before it; at most two at once, top right', async () => {
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
    expect(await screen.findByText('Problem 2')).toBeInTheDocument();
    expect(screen.queryByText('Problem 3')).not.toBeInTheDocument(); // queued behind the two shown
    expect(screen.queryByText('Problem 4')).not.toBeInTheDocument();
    // Top right: a stack at the bottom covered the checkout's Pay button (issue 24 item 9).
    expect(screen.getByText('Problem 1').closest('[data-position]')).toHaveAttribute('data-position', 'top-right');

    now.mockReturnValue(start + 5000);
    act(() => notifySuccess('Password changed successfully. Please log in again.'));
    await user.click(screen.getByRole('link', { name: /Forgot password/ }));

    await waitFor(() => expect(screen.queryByText('Problem 1')).not.toBeInTheDocument());
    expect(screen.queryByText('Problem 2')).not.toBeInTheDocument();
    expect(screen.getByText('Password changed successfully. Please log in again.')).toBeInTheDocument();
  });

  it('keep the toast of the action that navigated, however long after the press the new page shows', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    await screen.findByLabelText('Email');

    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start - 3000);
    act(() => notifyError('An earlier problem'));
    expect(await screen.findByText('An earlier problem')).toBeInTheDocument();
    // The press that starts an action (`start`), its toast, then the navigation it leads to, whose page shows 5 s
    // later (its lazy module on a slow network): a click event alone, as a script's navigation makes no press.
    now.mockReturnValue(start);
    await user.click(screen.getByLabelText('Email'));
    now.mockReturnValue(start + 200);
    act(() => notifySuccess('Device logged out successfully.'));
    now.mockReturnValue(start + 5000);
    fireEvent.click(screen.getByRole('link', { name: /Forgot password/ }));
    await waitFor(() => expect(screen.queryByText('An earlier problem')).not.toBeInTheDocument());
    expect(screen.getByText('Device logged out successfully.')).toBeInTheDocument();
  });

  it('show one toast per message: a repeated message replaces the open one', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByLabelText('Email');

    act(() => notifyError('Your card was declined.'));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    act(() => {
      notifyError('Your card was declined.');
      notifySuccess('Coupon applied.');
    });

    // The second toast shown is the other message, not a second copy of the first.
    expect(await screen.findByText('Coupon applied.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Your card was declined.')).toHaveLength(1));
  });
});
