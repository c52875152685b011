/** Every error code the API answers with, and the HTTP status the REST shim gives it. */
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  /** The request cannot be served by this transport or in this form (a login over WebSocket). */
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  /** The account is suspended by an operator: its login is refused. */
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
