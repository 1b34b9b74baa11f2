import { AppError } from './errors.ts';

/**
 * A field of a DELETE call that old clients send in the query string and others in a JSON body: the query string
 * wins; 400 naming the field when neither has it.
 */
export function fromQueryOrBody<T>(field: string, fromQuery: T | undefined, fromBody: T | undefined): T {
  const value = fromQuery ?? fromBody;
  if (value === undefined) {
    throw new AppError(400, 'E_VALIDATION', `${field}: is required (in the query string or the JSON body)`, {
      errors: [{ field, message: 'is required' }],
    });
  }
  return value;
}
