/** Drives the product through its gateway the way the web client does: JSON bodies and the session cookie. */
export class Visitor {
  private cookie = '';

  constructor(private readonly base: string) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  async call(method: string, path: string, body?: unknown, cookie = this.cookie): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }
}
