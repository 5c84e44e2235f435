/**
 * The one response envelope of every /wps answer.
 * Success: `{ success: true, value }`. Failure: `{ success: false, errorCode, message }`,
 * optionally with `data` the front end shows (the domain-not-available popup reads it).
 */
export interface WpsSuccess<T> {
  success: true;
  value: T;
}

export interface WpsFailure<D = unknown> {
  success: false;
  errorCode: string;
  message: string;
  data?: D;
  /**
   * The service's own English message when `message` is a translation into the request's `Language`:
   * for programs (it names the refused fields of an `invalid_request`), never for people.
   */
  detail?: string;
}

export type WpsResponse<T, D = unknown> = WpsSuccess<T> | WpsFailure<D>;

export function ok<T>(value: T): WpsSuccess<T> {
  return { success: true, value };
}

export function fail<D = unknown>(
  errorCode: string,
  message: string,
  data?: D,
  detail?: string,
): WpsFailure<D> {
  return {
    success: false,
    errorCode,
    message,
    ...(data === undefined ? {} : { data }),
    ...(detail === undefined ? {} : { detail }),
  };
}

export function isWpsFailure(body: unknown): body is WpsFailure {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === false &&
    typeof (body as { errorCode?: unknown }).errorCode === 'string'
  );
}
