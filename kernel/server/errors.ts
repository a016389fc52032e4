/**
 * An error the client is meant to see: an HTTP status, a stable machine code that the browser maps
 * to a translated catalogue text, and optional parameters for that text (e.g. minutes).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message ?? code);
  }
}

export const badRequest = (code: string, message?: string, params?: Record<string, string | number>) =>
  new HttpError(400, code, message, params);
export const notFound = (code = 'not_found', message = 'Not found') => new HttpError(404, code, message);
export const forbidden = (code: string, message?: string) => new HttpError(403, code, message);
export const authenticationRequired = () =>
  new HttpError(403, 'authentication_required', 'authentication_required: log in first');
