import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentSkeleton, PageLoader } from './page-loader';

// A name on a plain <div> is prohibited ARIA (axe's aria-prohibited-attr, serious): a screen reader says nothing. The
// loading placeholders are status regions, so "Loading" is what a screen reader announces while a page loads.
describe('loading placeholders', () => {
  it('PageLoader is a status named Loading', () => {
    render(
      <MantineProvider>
        <PageLoader />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('ContentSkeleton is a busy status named Loading', () => {
    render(
      <MantineProvider>
        <ContentSkeleton />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true');
  });
});
