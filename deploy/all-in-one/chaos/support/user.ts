/**
 * A user of the product through its gateway, as the web client is: JSON bodies and the session cookie. A call
 * never throws: a connection that fails answers status 0 with the error, so a check can count it.
 */
import { randomUUID } from 'node:crypto';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** Why no answer came (status 0). */
  error?: string;
}

export interface CallOptions {
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Leaves a redirect as the answer instead of following it. */
  manualRedirect?: boolean;
}

/** Answers a user may see while a service restarts: retried by the steps that wait for recovery. */
export function isUnavailable(answer: Answer): boolean {
  return answer.status === 0 || answer.status === 502 || answer.status === 503 || answer.status === 504;
}

export class User {
  private cookie = '';
  id = '';

  constructor(
    readonly base: string,
    readonly email: string = `chaos.${randomUUID().slice(0, 8)}@example.com`,
  ) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  /** The same user, signed in, calling `base` instead (a service's own address, past the gateway). */
  via(base: string): User {
    const user = new User(base, this.email);
    user.cookie = this.cookie;
    user.id = this.id;
    return user;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
        redirect: options.manualRedirect ? 'manual' : 'follow',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        status: 0,
        body: null,
        headers: new Headers(),
        error: cause?.code ?? cause?.message ?? String(error),
      };
    }
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text is the body
    }
    return { status: response.status, body, headers: response.headers };
  }

  /** Calls again while the answer says the service is not there (restarting), until `timeoutMs`. */
  async patiently(
    method: string,
    path: string,
    options: CallOptions = {},
    timeoutMs = 30_000,
  ): Promise<Answer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.call(method, path, options);
      if (!isUnavailable(answer) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async signUp(name: string): Promise<void> {
    const answer = await this.patiently('POST', '/api/register', {
      json: { name, email: this.email, password: 'chaos monkey 42' },
    });
    expectStatus(answer, 201, 'register');
    this.id = answer.body.user.id as string;
  }

  async subscription(): Promise<Subscription> {
    const answer = await this.patiently('GET', '/api/user/subscription');
    expectStatus(answer, 200, 'subscription');
    return answer.body as Subscription;
  }
}

/** GET /api/user/subscription: the plan and this month's counters as billing keeps them. */
export interface Subscription {
  hasActiveSubscription: boolean;
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
  videosUploaded: number;
  trackingPlansGenerated: number;
  analyticsMessages: number;
  promptsUsed: number;
}

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`,
    );
  }
}
