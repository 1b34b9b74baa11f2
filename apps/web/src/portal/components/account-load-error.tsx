import { LoadError } from '@/shared/components/load-error';

/** Shown when the account details could not be loaded. */
export function AccountLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <LoadError
      title="Your account could not be loaded"
      retryLabel="Try again"
      error={error}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
