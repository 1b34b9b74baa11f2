import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer, type RecordedCall } from '@/test/mock-api';
import { currentLocation, renderBackOffice, staffSignedInForEachTest } from '@/test/render-back-office';

vi.mock('@/shared/components/rich-text/rich-text-field', async () => ({
  RichTextField: (await import('@/test/rich-text-mock')).FakeRichTextField,
}));

const S = '/api/v1/super-admin';
const ID = '8a4c1f0e-4f5b-4c7e-9a55-2f1d6e3c9b10';
const page = (data: unknown[]) => ({
  respones_msg: 'List',
  data,
  pagination: { page: 1, limit: 25, total: data.length, totalCapped: false, nextCursor: null },
});
const staff = (role = 'Content') => ({
  [`GET ${S}/users/detail`]: {
    body: { respones_msg: 'Staff detail', data: { _id: 'a1', email: 'c@fleetdeck.test', name: 'C', role, areas: [] } },
  },
});
const faq = {
  _id: ID,
  question: 'How do I enrol?',
  answer: '<p>Scan the <strong>QR</strong></p>',
  status: 'Active',
  created_at: '2026-11-01T10:00:00.000Z',
};
const blog = {
  _id: ID,
  title: 'Fleet tips',
  shortDescription: 'Five checks',
  longDescription: '<p>Long</p>',
  category: 'Guides',
  tags: ['tablets'],
  author: 'Dana',
  image: '0123456789abcdef0123456789abcdef.jpg',
  created_at: '2026-11-01T10:00:00.000Z',
};
/** One contact request from Vera, subject "Hi", saying `message`. */
const contactRequest = (message: string) => ({
  _id: ID,
  name: 'Vera',
  email: 'v@example.com',
  subject: 'Hi',
  message,
  created_at: '2026-11-01T10:00:00.000Z',
});
const urlOf = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], path: string) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === path);

staffSignedInForEachTest('Content');

describe('Videos (spec 3 "Videos")', () => {
  it('shows No data found., adds a video, and deletes one only after the confirmation', async () => {
    let videos: unknown[] = [];
    const api = mockApi({
      ...staff(),
      [`GET ${S}/video/list`]: () => ({ body: page(videos) }),
      [`POST ${S}/video/create`]: (call: RecordedCall): MockAnswer => {
        const body = call.body as { title: string; link: string };
        videos = [{ _id: ID, ...body, created_at: '2026-11-01T10:00:00.000Z' }];
        return { body: { respones_msg: 'Video added successfully.', data: videos[0] } };
      },
      [`DELETE ${S}/video/delete`]: { body: { respones_msg: 'Video deleted successfully.' } },
    });
    const { user } = renderBackOffice('/admin-videos');
    await screen.findByText('No data found.');
    await user.type(screen.getByLabelText(/^Link/), 'javascript:alert(1)');
    await user.type(screen.getByLabelText(/^Title/), 'Intro');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/must be an http\(s\) link/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/video/create`)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Link/));
    await user.type(screen.getByLabelText(/^Link/), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('cell', { name: 'Intro' });
    expect(api.callsTo('POST', `${S}/video/create`)[0]!.body).toEqual({
      title: 'Intro',
      link: 'https://youtu.be/dQw4w9WgXcQ',
    });

    await user.click(screen.getByRole('button', { name: 'Delete video Intro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${S}/video/delete`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(urlOf(api.fetchMock, `${S}/video/delete`)[0]?.searchParams.get('id')).toBe(ID));
  });
});

describe('FAQ (spec 3 "FAQ")', () => {
  it('adds a question with its answer, toggles the status by the badge and links to the edit page', async () => {
    const api = mockApi({
      ...staff(),
      [`GET ${S}/faq/list`]: { body: page([faq]) },
      [`POST ${S}/faq/create`]: { body: { respones_msg: 'FAQ added successfully.', data: faq } },
      [`POST ${S}/faq/update`]: {
        body: { respones_msg: 'FAQ updated successfully.', data: { ...faq, status: 'Inactive' } },
      },
    });
    const { user } = renderBackOffice('/admin-faq');
    await screen.findByRole('cell', { name: 'How do I enrol?' });
    expect(screen.getByText('QR').tagName).toBe('STRONG');
    await user.type(screen.getByLabelText(/^Question/), 'Is there a trial?');
    await user.type(screen.getByLabelText('Answer'), '<p>Yes</p>');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${S}/faq/create`)[0]?.body).toEqual({
        question: 'Is there a trial?',
        answer: '<p>Yes</p>',
      }),
    );
    await user.click(screen.getByRole('button', { name: /^Status Active/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${S}/faq/update`)[0]?.body).toEqual({ id: ID, status: 'Inactive' }),
    );
    expect(screen.getByRole('link', { name: 'Edit FAQ How do I enrol?' })).toHaveAttribute(
      'href',
      `/admin-edit-faq?id=${ID}`,
    );
  });

  it('edits an entry and goes back to the FAQ page', async () => {
    const api = mockApi({
      ...staff(),
      [`GET ${S}/faq/detail`]: { body: { respones_msg: 'FAQ detail', data: faq } },
      [`GET ${S}/faq/list`]: { body: page([faq]) },
      [`POST ${S}/faq/update`]: { body: { respones_msg: 'FAQ updated successfully.', data: faq } },
    });
    const { user } = renderBackOffice(`/admin-edit-faq?id=${ID}`);
    const question = await screen.findByDisplayValue('How do I enrol?');
    await user.clear(question);
    await user.type(question, 'How do I enrol a tablet?');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-faq'));
    expect(api.callsTo('POST', `${S}/faq/update`)[0]!.body).toEqual({
      id: ID,
      question: 'How do I enrol a tablet?',
      answer: faq.answer,
      status: 'Active',
    });
  });
});

describe('Blogs (spec 3 "Blogs")', () => {
  it('lists blogs and deletes one after "Are you sure?" / "Yes, delete it!"', async () => {
    const api = mockApi({
      ...staff(),
      [`GET ${S}/blog/list`]: { body: page([blog]) },
      [`DELETE ${S}/blog/delete`]: { body: { respones_msg: 'Blog deleted successfully.' } },
    });
    const { user } = renderBackOffice('/admin-blog-list');
    await screen.findByText('Fleet tips');
    expect(screen.getByRole('link', { name: 'Create Blog' })).toHaveAttribute('href', '/admin-blog-create');
    expect(screen.getByRole('link', { name: 'Edit blog Fleet tips' })).toHaveAttribute(
      'href',
      `/admin-blog-create?id=${ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Delete blog Fleet tips' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Blog will be removed from this list')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(urlOf(api.fetchMock, `${S}/blog/delete`)[0]?.searchParams.get('id')).toBe(ID));
  });

  it('creates a blog as multipart with tags as JSON text and the picture, then goes to the list', async () => {
    const api = mockApi({
      ...staff(),
      [`POST ${S}/blog/create`]: { body: { respones_msg: 'Blog created successfully.', data: blog } },
      [`GET ${S}/blog/list`]: { body: page([blog]) },
    });
    const { user } = renderBackOffice('/admin-blog-create');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `${S}/blog/create`)).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Title/), 'Fleet tips');
    await user.type(screen.getByLabelText(/^Short description/), 'Five checks');
    await user.type(screen.getByLabelText('Long description'), '<p>Long</p>');
    await user.type(screen.getByLabelText(/^Category/), 'Guides');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'tablets{enter}');
    await user.type(screen.getByLabelText(/^Author/), 'Dana');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin-blog-list'));
    const init = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith('/blog/create'))![1]!;
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'imageFile'))).toEqual({
      title: 'Fleet tips',
      shortDescription: 'Five checks',
      longDescription: '<p>Long</p>',
      category: 'Guides',
      tags: '["tablets"]',
      author: 'Dana',
    });
    expect((form.get('imageFile') as File).name).toBe('photo.jpg');
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});

describe('Contact requests, newsletters, page-view report', () => {
  it('sorts the contact requests on the server', async () => {
    const api = mockApi({
      ...staff(),
      [`GET ${S}/contactus/list`]: { body: page([contactRequest('Hello')]) },
    });
    const { user } = renderBackOffice('/admin-contactus');
    await screen.findByRole('cell', { name: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Sort by Name ascending' }));
    await waitFor(() => {
      const last = urlOf(api.fetchMock, `${S}/contactus/list`).at(-1)!;
      expect([last.searchParams.get('sortBy'), last.searchParams.get('sortOrder')]).toEqual(['name', 'asc']);
    });
  });

  it('clamps a long contact message to three lines, and "Show more" opens all of it (issue 24)', async () => {
    const long = `${'A long message about tablets. '.repeat(40)}The end.`;
    mockApi({
      ...staff(),
      [`GET ${S}/contactus/list`]: { body: page([contactRequest(long)]) },
    });
    const { user } = renderBackOffice('/admin-contactus');
    const cell = await screen.findByRole('cell', { name: /A long message about tablets/ });
    expect(within(cell).getByText(/A long message/)).toHaveAttribute('data-line-clamp', 'true');
    await user.click(within(cell).getByRole('button', { name: 'Show more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hi' });
    expect(within(dialog).getByText(/The end\.$/)).toBeInTheDocument();
  });

  it('lists the newsletter subscribers with an Export button', async () => {
    mockApi({
      ...staff(),
      [`GET ${S}/newsletter/list`]: {
        body: page([{ _id: ID, email: 'reader@example.com', created_at: '2026-11-01T10:00:00.000Z' }]),
      },
    });
    renderBackOffice('/admin-newsletters');
    await screen.findByRole('cell', { name: 'reader@example.com' });
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });

  it('asks the page-view report for today with the page filter as `page` and the page number as `pageNumber`', async () => {
    window.localStorage.setItem('adminRole', 'SuperAdmin');
    const api = mockApi({
      ...staff('SuperAdmin'),
      [`GET ${S}/price/page-view/report`]: { body: page([{ _id: 'GB', country: 'GB', count: 2 }]) },
    });
    renderBackOffice('/admin-page-view-report?pageName=Payment');
    await screen.findByRole('cell', { name: 'GB' });
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const q = urlOf(api.fetchMock, `${S}/price/page-view/report`)[0]!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      page: 'Payment',
      from_date: today,
      to_date: today,
      pageNumber: '1',
      limit: '25',
    });
  });

  it('keeps the page-view report from a Content member', async () => {
    mockApi({ ...staff('Content') });
    renderBackOffice('/admin-page-view-report');
    expect(await screen.findByText(/does not give you access to this page/)).toBeInTheDocument();
  });
});
