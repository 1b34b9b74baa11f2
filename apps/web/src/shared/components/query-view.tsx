import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/** What QueryView reads from a query (a TanStack Query result). */
export interface ViewedQuery<D> {
  data: D | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed query's alert with its message and Retry (the button loads while the query fetches again). */
export function QueryError({
  title,
  query,
  ...others
}: { title: string; query: Omit<ViewedQuery<unknown>, 'data'> } & Omit<
  React.ComponentProps<typeof LoadError>,
  'title' | 'error' | 'onRetry' | 'retrying'
>) {
  return (
    <LoadError
      title={title}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      {...others}
    />
  );
}

interface QueryViewProps<D> {
  query: ViewedQuery<D>;
  /** What could not load, e.g. "The customer could not load": the title of the error with Retry. */
  errorTitle: string;
  /** While there is no answer yet (default: the page loader). */
  loading?: ReactNode;
  /** Shown instead of the children when the answer is empty (`isEmpty`). */
  empty?: ReactNode;
  isEmpty?: (data: D) => boolean;
  children: (data: D) => ReactNode;
}

/** One query's three states: the error with Retry, loading, empty; then the children with the answer. */
export function QueryView<D>({ query, errorTitle, loading, empty, isEmpty, children }: QueryViewProps<D>) {
  if (query.isError) return <QueryError title={errorTitle} query={query} />;
  if (query.data === undefined) return <>{loading ?? <PageLoader />}</>;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
