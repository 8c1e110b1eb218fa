/**
 * Management API errors. The seed leaves the body open; this is the shape the service's Management
 * API is known for: `{ statusCode, error, message, errorCode }`, `error` being the HTTP reason phrase.
 */
import { STATUS_CODES } from 'node:http';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorCode: string;
}

export class ManagementError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return {
      statusCode: this.statusCode,
      error: STATUS_CODES[this.statusCode] ?? 'Error',
      message: this.message,
      errorCode: this.errorCode,
    };
  }
}

export const badQuery = (message: string): ManagementError => new ManagementError(400, 'invalid_query_string', message);
export const badBody = (message: string): ManagementError => new ManagementError(400, 'invalid_body', message);

/** `expected` is listed the way the service lists it: comma-separated, no spaces. */
export function insufficientScope(expected: readonly string[], detail?: string): ManagementError {
  const message = `Insufficient scope, expected any of: ${expected.join(',')}`;
  return new ManagementError(403, 'insufficient_scope', detail ? `${message} (${detail})` : message);
}

export const userNotFound = (): ManagementError =>
  new ManagementError(404, 'inexistent_user', 'The user does not exist.');
