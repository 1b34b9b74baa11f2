import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiSession } from '@/shared/lib/api-client';
import { customerSession } from '@/shared/lib/auth-storage';
import { mockApi } from '@/test/mock-api';
import { renderBackOffice, signedInStaff } from '@/test/render-back-office';

afterEach(() => {
  setApiSession(customerSession);
  window.localStorage.clear();
});

describe('Login History filters (issue 24, item 9)', () => {
  it('with nothing chosen, Source, Type and Status each show "All" rather than rendering blank', async () => {
    mockApi({
      ...signedInStaff(),
      'GET /api/v1/super-admin/users/dashboardHistory': {
        body: {
          respones_msg: 'Login history',
          data: [],
          pagination: { page: 1, limit: 25, total: 0, totalCapped: false, nextCursor: null },
        },
      },
    });
    renderBackOffice('/admin-dashboard-history');
    for (const label of ['Source', 'Type', 'Status']) {
      const select = await screen.findByLabelText(label, { selector: 'input' });
      expect(select).toHaveAttribute('placeholder', 'All');
    }
  });
});
