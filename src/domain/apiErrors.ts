export type ValidationFailure = { field: string; message: string };

/** A failed call as SPEC §8 describes it; `status` is absent when no response arrived. */
export type ApiError = {
  status?: number;
  message: string | null;
  validationErrors: ValidationFailure[];
};

export type ApiSuccess<TData> = { ok: true; data: TData };
export type ApiFailure = { ok: false; aborted: false; error: ApiError };
/** The requester went away before the answer; callers drop this result (SPEC §4). */
export type ApiAborted = { ok: false; aborted: true };
export type ApiResult<TData> = ApiSuccess<TData> | ApiFailure | ApiAborted;

const routeDoesNotExistMessage = 'Route does not exist';
const serviceUnavailableMessage = 'The service is temporarily unavailable';

export function toApiError(status: number | undefined, body: unknown): ApiError {
  // A status of 0 is what browsers report for a response they would not let the page read.
  if (status === undefined || status === 0) {
    return { message: serviceUnavailableMessage, validationErrors: [] };
  }
  switch (status) {
    case 400: {
      const validationErrors = readValidationFailures(body);
      return validationErrors.length > 0
        ? { status, message: null, validationErrors }
        : { status, message: readErrorMessage(body), validationErrors: [] };
    }
    case 404:
      return { status, message: routeDoesNotExistMessage, validationErrors: [] };
    // Not in SPEC's catalogue: the back office's version check (docs/back-office.md), whose message tells the owner what to do.
    case 409:
      return { status, message: readErrorMessage(body) ?? `Unexpected server error ${status}`, validationErrors: [] };
    case 500:
      return { status, message: readTextBody(body), validationErrors: [] };
    default:
      return { status, message: `Unexpected server error ${status}`, validationErrors: [] };
  }
}

export function noResponseError(): ApiError {
  return toApiError(undefined, undefined);
}

function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    (typeof value.message === 'string' || value.message === null) &&
    'validationErrors' in value &&
    Array.isArray(value.validationErrors)
  );
}

/** For statecharts whose actors reject with the call's ApiError: anything else thrown means no answer could be read. */
export function apiErrorOf(thrown: unknown): ApiError {
  return isApiError(thrown) ? thrown : noResponseError();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readErrorMessage(body: unknown): string | null {
  return isRecord(body) && typeof body.errorMessage === 'string' ? body.errorMessage : null;
}

function readValidationFailures(body: unknown): ValidationFailure[] {
  if (!isRecord(body) || !Array.isArray(body.validationErrors)) return [];
  return body.validationErrors.flatMap((failure: unknown) =>
    isRecord(failure) && typeof failure.field === 'string' && typeof failure.message === 'string'
      ? [{ field: failure.field, message: failure.message }]
      : [],
  );
}

function readTextBody(body: unknown): string | null {
  return typeof body === 'string' && body.trim() !== '' ? body : null;
}
