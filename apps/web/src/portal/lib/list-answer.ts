import type { ListPagination, ListQueryState } from '@/shared/components/list-page';

/** A list query whose answer wraps the list in the message envelope: `{ respones_msg, data: { data, pagination } }`. */
interface EnvelopedListQuery<T> extends ListQueryState {
  data?: { data: { data: T[]; pagination: ListPagination } };
}

/** `ListPage`'s result, rows, paging and row key (`_id`) for an enveloped list answer. */
export const enveloped = <T extends { _id: string }>(query: EnvelopedListQuery<T>) => ({
  result: query,
  rows: query.data?.data.data,
  pagination: query.data?.data.pagination,
  rowKey: (row: T) => row._id,
});
