import { CombinedGraphQLErrors, ServerError } from '@apollo/client';

export interface ServerErrorInfo {
  message: string | null;
  code: string | null;
  /** `extensions.details`: what the server added for the client (e.g. the email of an unverified account). */
  details: Record<string, unknown>;
}

interface FormattedError {
  message?: unknown;
  extensions?: { code?: unknown; details?: unknown } | null;
}

const NONE: ServerErrorInfo = { message: null, code: null, details: {} };

function fromFormatted(error: FormattedError | undefined): ServerErrorInfo {
  if (!error) return NONE;
  const { code, details } = error.extensions ?? {};
  return {
    message: typeof error.message === 'string' ? error.message : null,
    code: typeof code === 'string' ? code : null,
    details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {},
  };
}

function fromBody(bodyText: string): ServerErrorInfo {
  try {
    const body = JSON.parse(bodyText) as { errors?: FormattedError[] };
    return fromFormatted(body.errors?.[0]);
  } catch {
    return NONE;
  }
}

/**
 * The human message, `extensions.code` and details the server attached to a failed operation, when it
 * sent them. Network failures and unreadable responses give nulls, so callers fall back to their own message.
 */
export function readServerError(error: unknown): ServerErrorInfo {
  if (CombinedGraphQLErrors.is(error)) return fromFormatted(error.errors[0]);
  if (ServerError.is(error)) return fromBody(error.bodyText);
  return NONE;
}

/** A failure of the network itself (no answer), not the server's refusal. */
export const isNetworkFailure = (err: unknown): boolean => !CombinedGraphQLErrors.is(err) && !ServerError.is(err);
