import { staffApi } from '@fleetdeck/contract/staff';
import type { z } from 'zod/mini';
import { type contentPageQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';

/** Blogs (spec 3 "Blogs"): `blog/list`, `blog/detail`, `blog/create` and `blog/update` (multipart), `blog/delete`. */
const BLOGS_KEY = ['staff', 'blogs'] as const;

export const useBlogs = (search: z.output<typeof contentPageQuerySchema>) =>
  useQuery({
    queryKey: [...BLOGS_KEY, 'list', search],
    queryFn: ({ signal }) =>
      client(staffApi.blogList, { query: search as z.input<typeof contentPageQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });

export const useBlog = (id: string | null) =>
  useQuery({
    queryKey: [...BLOGS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await client(staffApi.blogDetail, { query: { id: id! }, signal })).data,
    enabled: !!id,
  });

/** The form fields (tags as JSON text, spec 3 §7) and the picture file part `imageFile`. */
export interface BlogFormValues {
  id?: string;
  title: string;
  shortDescription: string;
  longDescription: string;
  category: string;
  tags: string[];
  author: string;
  imageFile: File | null;
}

const toFormData = (v: BlogFormValues) => {
  const form = new FormData();
  if (v.id) form.append('id', v.id);
  form.append('title', v.title);
  form.append('shortDescription', v.shortDescription);
  form.append('longDescription', v.longDescription);
  form.append('category', v.category);
  form.append('tags', JSON.stringify(v.tags));
  form.append('author', v.author);
  if (v.imageFile) form.append('imageFile', v.imageFile, v.imageFile.name);
  return form;
};

/** `blog/create` or, with an id, `blog/update`: multipart (the contract declares no JSON body for them). */
export const saveBlog = (v: BlogFormValues) =>
  client(v.id ? staffApi.blogUpdate : staffApi.blogCreate, { body: toFormData(v) } as never);
export const deleteBlog = (id: string) => client(staffApi.blogDelete, { query: { id } });

export const useSaveBlog = (config: MutationConfig<typeof saveBlog> = {}) =>
  useInvalidatingMutation(BLOGS_KEY, saveBlog, config);
export const useDeleteBlog = (config: MutationConfig<typeof deleteBlog> = {}) =>
  useInvalidatingMutation(BLOGS_KEY, deleteBlog, config);
