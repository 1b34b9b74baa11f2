import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { currentLocation, renderApp } from '@/test/render-app';

vi.mock('@/portal/components/captcha-field', async () => ({
  CaptchaField: (await import('../payments/testing/captcha-mock')).FakeCaptchaField,
}));

const P = '/api/v1/public';
const ID = '8a4c1f0e-4f5b-4c7e-9a55-2f1d6e3c9b10';
const blog = {
  _id: ID,
  title: 'Fleet tips',
  shortDescription: 'Five checks',
  longDescription: '<p>Check the <em>battery</em>.</p>',
  category: 'Guides',
  tags: ['tablets'],
  author: 'Dana',
  image: '0123456789abcdef0123456789abcdef.jpg',
  created_at: '2026-11-01T10:00:00.000Z',
};
const pageView = { [`POST ${P}/page-view`]: { body: { respones_msg: 'OK' } } };

describe('public site (DECISIONS §9)', () => {
  it('/faq shows the Active entries with their formatting, without a session, and counts one Home page view', async () => {
    const api = mockApi({
      ...pageView,
      [`GET ${P}/faq`]: {
        body: {
          respones_msg: 'FAQ',
          data: [
            {
              _id: ID,
              question: 'How do I enrol?',
              answer: '<p>Scan the <strong>QR</strong>.</p>',
              status: 'Active',
              created_at: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    const { user } = renderApp('/faq');
    expect(await screen.findByText('How do I enrol?')).toBeInTheDocument();
    expect(screen.getByText('QR').tagName).toBe('STRONG');
    expect(screen.getByRole('navigation', { name: 'Site' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(api.callsTo('POST', `${P}/page-view`)).toHaveLength(1));
    expect(api.callsTo('POST', `${P}/page-view`)[0]!.body).toEqual({ page: 'Home' });
    expect(api.calls.every((c) => !c.headers.authorization)).toBe(true);
    // Moving inside the site is the same load: no second page view.
    const nav = within(screen.getByRole('navigation', { name: 'Site' }));
    await user.click(nav.getByRole('link', { name: 'Blog' }));
    await waitFor(() => expect(currentLocation()).toBe('/blog'));
    expect(api.callsTo('POST', `${P}/page-view`)).toHaveLength(1);
    // /videos is loaded anew (only its own answer's CSP may frame the players): a plain link the router leaves alone.
    const videos = nav.getByRole('link', { name: 'Videos' });
    expect(videos).toHaveAttribute('href', '/videos');
    // After React's own handler (on the root, below the document): jsdom cannot load a document.
    const noLoad = (e: Event) => e.preventDefault();
    document.addEventListener('click', noLoad);
    await user.click(videos);
    document.removeEventListener('click', noLoad);
    expect(currentLocation()).toBe('/blog');
  });

  it('/blog lists the posts with their pictures and /blog/<id> shows one; an unknown post says so', async () => {
    mockApi({
      ...pageView,
      [`GET ${P}/blogs`]: {
        body: {
          respones_msg: 'Blogs',
          data: [blog],
          pagination: { page: 1, limit: 12, total: 1, totalCapped: false, nextCursor: null },
        },
      },
      [`GET ${P}/blogs/${ID}`]: { body: { respones_msg: 'Blog', data: blog } },
      [`GET ${P}/blogs/unknown`]: { status: 404, body: { respones_msg: 'Blog not found.', code: 'E_NOT_FOUND' } },
    });
    const { user, unmount } = renderApp('/blog');
    const card = await screen.findByRole('link', { name: 'Fleet tips' });
    expect(card).toHaveAttribute('href', `/blog/${ID}`);
    expect(card.querySelector('img')).toHaveAttribute('src', `/upload/blog/${blog.image}`);
    await user.click(card);
    expect(await screen.findByRole('heading', { name: 'Fleet tips' })).toBeInTheDocument();
    expect(screen.getByText('battery').tagName).toBe('EM');
    unmount();
    renderApp('/blog/unknown');
    expect(await screen.findByText('This post does not exist or was removed.')).toBeInTheDocument();
  });

  it('/blog: a post without a picture shows a plain band, and nothing on the loaded page says it is loading', async () => {
    mockApi({
      ...pageView,
      [`GET ${P}/blogs`]: {
        body: {
          respones_msg: 'Blogs',
          data: [{ ...blog, image: null }],
          pagination: { page: 1, limit: 12, total: 1, totalCapped: false, nextCursor: null },
        },
      },
    });
    renderApp('/blog');
    const card = await screen.findByRole('link', { name: 'Fleet tips' });
    expect(card.querySelector('img')).toBeNull();
    expect(document.querySelectorAll('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveLength(0);
  });

  it('/videos embeds YouTube and Vimeo from their privacy-respecting players and links the rest', async () => {
    mockApi({
      ...pageView,
      [`GET ${P}/videos`]: {
        body: {
          respones_msg: 'Videos',
          data: [
            {
              _id: '1',
              title: 'Tour',
              link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
              created_at: '2026-11-01T10:00:00.000Z',
            },
            { _id: '2', title: 'Setup', link: 'https://vimeo.com/76979871', created_at: '2026-11-01T10:00:00.000Z' },
            { _id: '3', title: 'Notes', link: 'https://example.com/notes.mp4', created_at: '2026-11-01T10:00:00.000Z' },
          ],
        },
      },
    });
    renderApp('/videos');
    expect(await screen.findByTitle('Tour')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByTitle('Setup')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1');
    expect(screen.getByRole('link', { name: /Watch the video/ })).toHaveAttribute(
      'href',
      'https://example.com/notes.mp4',
    );
  });

  it('/contact sends the message with the captcha; without it the form says so', async () => {
    const api = mockApi({
      ...pageView,
      [`POST ${P}/contact`]: { body: { respones_msg: 'Thank you, your message has been sent.' } },
    });
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText(/^Name/), 'Vera');
    await user.type(within(form).getByLabelText(/^Email/), 'vera@example.com');
    await user.type(within(form).getByLabelText(/^Subject/), 'Pricing');
    await user.type(within(form).getByLabelText(/^Message/), 'Hello');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Please verify captcha.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${P}/contact`)).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Solve captcha' }));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await screen.findByRole('status');
    expect(api.callsTo('POST', `${P}/contact`)[0]!.body).toEqual({
      name: 'Vera',
      email: 'vera@example.com',
      subject: 'Pricing',
      message: 'Hello',
      captcha: 'captcha-payload',
    });
  });

  it('/contact counts the message as you type and refuses one over 5,000 characters, never cutting it (issue 24)', async () => {
    const api = mockApi({ ...pageView, [`POST ${P}/contact`]: { body: { respones_msg: 'Sent.' } } });
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText(/^Name/), 'Vera');
    await user.type(within(form).getByLabelText(/^Email/), 'vera@example.com');
    await user.type(within(form).getByLabelText(/^Subject/), 'Pricing');
    const message = within(form).getByLabelText(/^Message/);
    expect(within(form).getByText('0 / 5,000 characters')).toBeInTheDocument();
    await user.click(message);
    await user.paste('x'.repeat(5001));
    expect((message as HTMLTextAreaElement).value).toHaveLength(5001);
    expect(within(form).getByText('5,001 / 5,000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Solve captcha' }));
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText(/Message must be at most 5000 characters/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${P}/contact`)).toHaveLength(0);
  });

  it('the footer signs up for the newsletter', async () => {
    const api = mockApi({
      ...pageView,
      [`GET ${P}/faq`]: { body: { respones_msg: 'FAQ', data: [] } },
      [`POST ${P}/newsletter`]: { body: { respones_msg: 'Thank you for subscribing to our newsletter.' } },
    });
    const { user } = renderApp('/faq');
    const form = await screen.findByRole('form', { name: 'Newsletter sign-up' });
    await user.type(within(form).getByLabelText('Email for the newsletter'), 'Reader@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Solve captcha' }));
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(
      await within(form).findByText('Thank you. Please confirm with the link we emailed you.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${P}/newsletter`)[0]!.body).toEqual({
      email: 'reader@example.com',
      captcha: 'captcha-payload',
    });
  });

  it('/newsletter/confirm follows the emailed link once and says "You are subscribed"', async () => {
    const api = mockApi({
      ...pageView,
      [`POST ${P}/newsletter/confirm`]: { body: { respones_msg: 'You are subscribed to our newsletter.' } },
    });
    renderApp('/newsletter/confirm?token=abc_DEF-123');
    expect(await screen.findByText('You are subscribed')).toBeInTheDocument();
    expect(api.callsTo('POST', `${P}/newsletter/confirm`).map((c) => c.body)).toEqual([{ token: 'abc_DEF-123' }]);
  });

  it('/newsletter/confirm says why an expired or unknown link did not work, and a link without token', async () => {
    const message = 'This confirmation link has expired. Please sign up again.';
    const api = mockApi({
      ...pageView,
      [`POST ${P}/newsletter/confirm`]: { status: 400, body: { respones_msg: message, code: 'E_LINK_EXPIRED' } },
    });
    const { unmount } = renderApp('/newsletter/confirm?token=old');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your subscription is not confirmed')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('You are subscribed')).not.toBeInTheDocument();
    unmount();
    renderApp('/newsletter/confirm');
    expect(await screen.findByText('This link is incomplete')).toBeInTheDocument();
    expect(api.callsTo('POST', `${P}/newsletter/confirm`)).toHaveLength(1);
  });
});
