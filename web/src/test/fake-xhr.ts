/**
 * XMLHttpRequest for unit tests of the upload PUT: records each request and lets the test report upload
 * progress and answer it (jsdom's own would need a CORS-enabled server and cannot be paced).
 */
export interface FakeXhrAnswer {
  status: number;
  body?: unknown;
}

export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    fakeXhr.requests.push(this);
    const answer = fakeXhr.autoAnswer;
    if (answer) setTimeout(() => this.answer(answer.status, answer.body), 0);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  answer(status: number, body: unknown = {}): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.status = 0;
    this.onerror?.();
  }
}

export const fakeXhr: {
  requests: FakeXhr[];
  /** Answer every request with this at once; null leaves them to the test. */
  autoAnswer: FakeXhrAnswer | null;
  install(): void;
  restore(): void;
} = {
  requests: [],
  autoAnswer: { status: 200, body: {} },
  install() {
    this.requests = [];
    this.autoAnswer = { status: 200, body: {} };
    original = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  },
  restore() {
    globalThis.XMLHttpRequest = original;
  },
};

let original: typeof XMLHttpRequest;
