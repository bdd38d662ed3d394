import createClient, { type Middleware } from 'openapi-fetch';
import type { operations, paths } from './schema.gen';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<Rs> = 200 extends keyof Rs ? Rs[200] : 201 extends keyof Rs ? Rs[201] : never;

/** The JSON body an operation answers on success, by its operationId: `Answer<'getJob'>` is a job. */
export type Answer<Op extends keyof operations> = JsonOf<SuccessOf<operations[Op]['responses']>>;

/** The JSON body an operation takes, by its operationId. */
export type Body<Op extends keyof operations> = NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

/** The query parameters an operation takes, by its operationId. */
export type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** One parameter the API named in a validation error (docs/reference.md#errors). */
export interface FieldProblem {
  param: string;
  message: string;
}

/** An error answer of the API, thrown by `data()`: its status, code, message and field details. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
  }

  /** The message for one form field (its API name, e.g. `dueDate`), when the API named it. */
  fieldMessage(param: string): string | undefined {
    return this.details.find((detail) => detail.param === param || detail.param.startsWith(`${param}.`) || detail.param.startsWith(`${param}[`))?.message;
  }
}

/**
 * What a session gives every call of its client: the CSRF token that writes carry, and what to do
 * when the API says the session has ended. The agency's (`sessionHooks`: shared/session/session.ts
 * and main.tsx set both) and the portal's (modules/portal) are apart: one never sends the other's.
 */
export interface SessionHooks {
  csrfToken: string | null;
  onUnauthorized: () => void;
}

export const sessionHooks: SessionHooks = {
  csrfToken: null,
  onUnauthorized: (): void => {},
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The mark of the console's calls: their 401 comes without the Basic challenge, so that the browser
 * never shows its own password dialog, even where it sends no fetch metadata (plain http to another
 * machine: docs/reference.md#authentication).
 */
export const CONSOLE_CALL: Readonly<Record<string, string>> = { 'X-Requested-With': 'XMLHttpRequest' };

/** Paths whose 401 means "wrong password" or "not signed in yet", not "the session has ended". */
const SIGN_IN_PATHS = ['/v2/auth/login', '/v2/auth/session', '/v2/auth/owner-setup', '/v2/auth/invitations/accept', '/v2/auth/password-reset'];

function sessionMiddleware(hooks: SessionHooks, signInPaths: readonly string[]): Middleware {
  return {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(CONSOLE_CALL)) request.headers.set(name, value);
      if (!SAFE.has(request.method) && hooks.csrfToken) request.headers.set('X-CSRF-Token', hooks.csrfToken);
      return request;
    },
    onResponse({ request, response }) {
      const path = new URL(request.url).pathname;
      if (response.status === 401 && !signInPaths.some((prefix) => path.startsWith(prefix))) hooks.onUnauthorized();
      return response;
    },
  };
}

/**
 * A typed client of Transdesk's API for one kind of session: its writes carry `hooks.csrfToken`,
 * and a 401 outside `signInPaths` calls `hooks.onUnauthorized`.
 */
export function createApiClient(hooks: SessionHooks, signInPaths: readonly string[]) {
  // JSON answers only: the paginated listings also declare their CSV export (text/csv, docs/reference.md#csv-export), which the console does not read.
  const client = createClient<paths, 'application/json'>({ baseUrl: globalThis.location?.origin ?? '', credentials: 'same-origin' });
  client.use(sessionMiddleware(hooks, signInPaths));
  return client;
}

/** The typed client of Transdesk's API for the agency's session (types generated from its OpenAPI document by the build). */
export const api = createApiClient(sessionHooks, SIGN_IN_PATHS);

/** The answer's data, or an ApiProblem made of its error body. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Exclude<T, undefined>> {
  const { data: body, error, response } = await call;
  if (response.ok) return body as Exclude<T, undefined>;
  throw problemOf(response.status, error);
}

export function problemOf(status: number, error: unknown): ApiProblem {
  const body = (typeof error === 'object' && error !== null ? error : {}) as { code?: string; message?: string; details?: FieldProblem[] };
  return new ApiProblem(status, body.code ?? 'unknown', body.message ?? `The server answered ${status}`, body.details ?? []);
}

/**
 * Uploads a file with progress (fetch reports none): multipart, the session's CSRF token (the
 * agency's, or the portal's `hooks`), and the API's error body as an ApiProblem.
 */
export function uploadFile<T>(
  url: string,
  fields: Record<string, string | Blob>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  method: 'POST' | 'PUT' = 'POST',
  hooks: SessionHooks = sessionHooks,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(CONSOLE_CALL)) request.setRequestHeader(name, value);
    if (hooks.csrfToken) request.setRequestHeader('X-CSRF-Token', hooks.csrfToken);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve(request.response as T);
      if (request.status === 401) hooks.onUnauthorized();
      reject(problemOf(request.status, request.response));
    };
    request.onerror = () => reject(new ApiProblem(0, 'network', 'The server could not be reached'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    request.send(form);
  });
}
