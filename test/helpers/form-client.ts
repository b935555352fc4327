/**
 * A person's browser without the rendering: real HTTP with a cookie jar that keeps what the
 * server sets, forms posted as application/x-www-form-urlencoded with the `_csrf` field of the
 * last page read, and redirects left for the test to follow (so it can see the 303s).
 */
export class FormClient {
  readonly cookies = new Map<string, string>();
  /** the `_csrf` value of the last HTML page read */
  csrf = '';
  /** the body of the last HTML page read */
  html = '';

  constructor(readonly baseUrl: string) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private async read(res: Response): Promise<Response> {
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
      this.html = await res.clone().text();
      const match = /name="_csrf" value="([^"]+)"/.exec(this.html);
      if (match) this.csrf = match[1]!;
    }
    return res;
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.read(await fetch(`${this.baseUrl}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...this.cookieHeader(), ...headers } }));
  }

  /** Posts a form with the current `_csrf` (unless `fields` sets `_csrf` itself). */
  async post(path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Response> {
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields });
    return this.read(
      await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: new URL(this.baseUrl).origin, ...this.cookieHeader(), ...headers },
        body,
      }),
    );
  }

  /** Posts multipart/form-data (files) with the current `_csrf`, as a browser sends a form with a file input. */
  async postMultipart(path: string, form: FormData): Promise<Response> {
    if (!form.has('_csrf')) form.set('_csrf', this.csrf);
    return this.read(await fetch(`${this.baseUrl}${path}`, { method: 'POST', redirect: 'manual', headers: { accept: 'text/html', origin: new URL(this.baseUrl).origin, ...this.cookieHeader() }, body: form }));
  }
}
