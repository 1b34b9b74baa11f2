import { publicApi, type ContactRequest, type NewsletterRequest } from '@fleetdeck/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';

/** The public site's calls (DECISIONS §9, `publicApi`): no session. */
const SITE_KEY = ['site'] as const;

export const usePublicFaq = () =>
  useQuery({
    queryKey: [...SITE_KEY, 'faq'],
    queryFn: async ({ signal }) => (await client(publicApi.faq, { signal })).data,
    meta: { silentError: true },
  });

export const usePublicVideos = () =>
  useQuery({
    queryKey: [...SITE_KEY, 'videos'],
    queryFn: async ({ signal }) => (await client(publicApi.videos, { signal })).data,
    meta: { silentError: true },
  });

export const PUBLIC_BLOG_PAGE_SIZE = 12;
export const usePublicBlogs = (page: number) =>
  useQuery({
    queryKey: [...SITE_KEY, 'blogs', page],
    queryFn: ({ signal }) =>
      client(publicApi.blogs, { query: { page, limit: PUBLIC_BLOG_PAGE_SIZE, category: undefined }, signal }),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const usePublicBlog = (id: string) =>
  useQuery({
    queryKey: [...SITE_KEY, 'blog', id],
    queryFn: async ({ signal }) => (await client(publicApi.blog, { params: { id }, signal })).data,
    meta: { silentError: true },
    retry: false,
  });

export const sendContact = (body: ContactRequest) => client(publicApi.contact, { body });
export const useSendContact = (config: MutationConfig<typeof sendContact> = {}) =>
  useMutation({ ...config, mutationFn: sendContact });

export const subscribeNewsletter = (body: NewsletterRequest) => client(publicApi.newsletter, { body });
export const useSubscribeNewsletter = (config: MutationConfig<typeof subscribeNewsletter> = {}) =>
  useMutation({ ...config, mutationFn: subscribeNewsletter });

/**
 * `/newsletter/confirm?token=…`: follows the emailed link once per token (a query, so a re-render or a second mount
 * does not send it twice; the server answers the same for a confirmed address anyway). Errors stay on the page.
 */
export const useConfirmNewsletter = (token: string) =>
  useQuery({
    queryKey: [...SITE_KEY, 'newsletter-confirm', token],
    queryFn: () => client(publicApi.newsletterConfirm, { body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { silentError: true },
  });

let pageViewSent = false;
/**
 * DECISIONS §8 "Page views": a public page load counts once as a Home view (fire and forget: a failure, or the call
 * missing on an older server, changes nothing for the visitor).
 */
export function sendHomePageView() {
  if (pageViewSent) return;
  pageViewSent = true;
  client(publicApi.pageView, { body: { page: 'Home' } }).catch(() => undefined);
}
