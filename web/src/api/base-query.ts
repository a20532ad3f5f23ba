/**
 * The one base query of the app: credentials included, JSON bodies, errors built as product-spec §8
 * says, and the retry rule of §9 (reading A): a failed query is retried at most once, never for the
 * auth codes or a 401/403; mutations are never retried. An endpoint may ask for more retries
 * (`extraOptions: { maxRetries }`, the subscription query's 3), which back off exponentially up to 30 s.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';

export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' when no response came back. */
  status: number | 'FETCH_ERROR';
  message: string;
  code?: string;
  upgradeRequired?: boolean;
  /** The parsed body, for callers that need more (e.g. videoDuration of an upgrade-required error). */
  data?: unknown;
}

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  /** 'file': the answer is a download (DownloadedFile), not JSON. */
  responseType?: 'json' | 'file';
  /** Response headers a file answer hands back, by name. */
  readHeaders?: readonly string[];
}

/** A file the API answered with: its name from Content-Disposition, its bytes as a data: URL, text when it is text. */
export interface DownloadedFile {
  fileName: string;
  contentType: string;
  dataUrl: string;
  /** The body as text for text, JSON and script types; null for binary files (a zip). */
  text: string | null;
  headers: Record<string, string>;
}

export const AUTH_CODES: readonly string[] = ['NO_AUTH', 'NO_SESSION', 'USER_NOT_FOUND'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-success response as an ApiError (product-spec §8). */
export async function buildApiError(response: Response): Promise<ApiError> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { status: response.status, message: response.statusText };
  }
  let body: unknown;
  let isJson = false;
  try {
    body = JSON.parse(text);
    isJson = true;
  } catch {
    isJson = false;
  }
  if (!isJson) return { status: response.status, message: `${response.status} ${text}` };

  const error: ApiError = { status: response.status, message: response.statusText, data: body };
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message !== '') error.message = body.message;
    if (typeof body.code === 'string') error.code = body.code;
    if (typeof body.upgradeRequired === 'boolean') error.upgradeRequired = body.upgradeRequired;
  }
  return error;
}

/** Whether a failed query may be retried: never for auth codes, 401/403, or messages naming them. */
export function isRetryable(error: ApiError): boolean {
  if (error.code !== undefined && AUTH_CODES.includes(error.code)) return false;
  if (error.status === 401 || error.status === 403) return false;
  if (error.message.includes('401') || error.message.includes('403')) return false;
  return true;
}

/** Whether an error means the session is gone (product-spec §4 Session, §8). */
export function isAuthError(error: ApiError): boolean {
  return error.status === 401 || error.message.includes('401') || error.message.includes('Authentication');
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && typeof value.message === 'string' && 'status' in value;
}

function buildUrl(baseUrl: string, args: RequestArgs): string {
  const query = Object.entries(args.params ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const url = `${baseUrl}${args.url}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

const TEXT_TYPE = /^(text\/|application\/(json|yaml|typescript|schema\+json))/;

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
}

function dataUrlOf(bytes: Uint8Array, contentType: string): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return `data:${contentType || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** Files travel through the store as strings (a data: URL, and the text), which stay serialisable. */
async function readFile(response: Response, readHeaders: readonly string[]): Promise<DownloadedFile> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('Content-Type') ?? '';
  const headers: Record<string, string> = {};
  for (const name of readHeaders) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return {
    fileName: fileNameOf(response),
    contentType,
    dataUrl: dataUrlOf(bytes, contentType),
    text: TEXT_TYPE.test(contentType) ? new TextDecoder().decode(bytes) : null,
    headers,
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Per-endpoint options (`extraOptions` of an endpoint definition). */
export interface QueryExtraOptions {
  /** How many times a failed query is retried; 1 unless the endpoint says otherwise. */
  maxRetries?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

export interface BaseQueryOptions {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  /** Wait before the first retry of a failed query; each further retry waits twice as long. */
  retryDelayMs?: number;
}

export function createBaseQuery(
  options: BaseQueryOptions = {},
): BaseQueryFn<string | RequestArgs, unknown, ApiError, QueryExtraOptions> {
  const { baseUrl = '', retryDelayMs = 1000 } = options;

  async function once(
    args: RequestArgs,
    signal: AbortSignal,
  ): Promise<{ data: unknown } | { error: ApiError }> {
    const fetchFn = options.fetchFn ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method: args.method ?? 'GET', credentials: 'include', headers, signal };
    if (args.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(args.body);
    }
    let response: Response;
    try {
      response = await fetchFn(buildUrl(baseUrl, args), init);
    } catch (cause) {
      if (signal.aborted) throw cause;
      return {
        error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) },
      };
    }
    if (!response.ok) return { error: await buildApiError(response) };
    if (args.responseType === 'file') return { data: await readFile(response, args.readHeaders ?? []) };
    return { data: await readBody(response) };
  }

  return async (rawArgs, api, extraOptions) => {
    const args: RequestArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
    const maxRetries = api.type === 'mutation' ? 0 : (extraOptions?.maxRetries ?? 1);
    let result = await once(args, api.signal);
    for (let attempt = 0; attempt < maxRetries; attempt += 1) {
      if (!('error' in result) || !isRetryable(result.error)) return result;
      const delay = Math.min(retryDelayMs * 2 ** attempt, MAX_RETRY_DELAY_MS);
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (api.signal.aborted) return result;
      result = await once(args, api.signal);
    }
    return result;
  };
}
