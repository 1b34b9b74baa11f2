import type { ErrorCode, ErrorResponse } from '@fleetdeck/contract';

type Flags = Omit<ErrorResponse, 'respones_msg' | 'code'>;

/** An expected failure: becomes the error envelope of DECISIONS §2 with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly flags: Flags = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, flags?: Flags) => new AppError(400, code, message, flags);
export const unauthorized = (
  message = 'Your session has ended. Please log in again.',
  code: ErrorCode = 'E_UNAUTHORIZED',
) => new AppError(401, code, message, { is_logout: 1 });
export const forbidden = (message: string, code: ErrorCode = 'E_FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'E_NOT_FOUND', message);
export const tooMany = (message: string, code: ErrorCode, retryAfterSeconds: number) =>
  new AppError(429, code, message, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
