import { AppError } from './errors.ts';

type Present<T, K extends keyof T> = { [F in K]-?: Exclude<T[F], undefined> };

/**
 * The fields of a DELETE call that old clients send in the query string and others in a JSON body: the query string
 * wins, field by field; 400 naming the first field that neither has. The one helper for every such call.
 */
export function fromQueryOrBody<T extends object, K extends keyof T & string>(
  query: T,
  body: Partial<T> | null | undefined,
  fields: readonly K[],
): Present<T, K> {
  const out = {} as Present<T, K>;
  for (const field of fields) {
    const value = query[field] ?? body?.[field];
    if (value === undefined) {
      throw new AppError(400, 'E_VALIDATION', `${field}: is required (in the query string or the JSON body)`, {
        errors: [{ field, message: 'is required' }],
      });
    }
    out[field] = value as Present<T, K>[K];
  }
  return out;
}
