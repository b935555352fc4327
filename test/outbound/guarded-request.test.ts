import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { OutboundError, guardedRequest, type GuardedRequest } from '../../src/outbound/guarded-request.js';
import { isPublicAddress } from '../../src/outbound/public-address.js';

describe('isPublicAddress: only globally routable unicast addresses', () => {
  const cases: [string, boolean][] = [
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['::1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // cloud metadata
    ['100.64.0.1', false], // carrier-grade NAT
    ['0.0.0.0', false],
    ['fd00::1', false], // unique local
    ['fe80::1', false], // link-local
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['224.0.0.1', false], // multicast
    ['not an address', false],
  ];
  for (const [address, expected] of cases) it(`${address} → ${expected}`, () => assert.equal(isPublicAddress(address), expected));
});

describe('guardedRequest against real local servers', () => {
  let server: Server;
  let base: string;
  let hits: string[];
  before(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/elsewhere' }).end();
      if (req.url === '/silent') return; // never answers
      if (req.url === '/large') return void res.end(Buffer.alloc(256 * 1024, 'x'));
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${body}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = (overrides: Partial<GuardedRequest>) => guardedRequest({ url: `${base}/`, method: 'GET', timeoutMs: 2000, maxResponseBytes: 64 * 1024, allowPrivate: true, ...overrides });

  async function refused(promise: Promise<unknown>, pattern: RegExp, permanent: boolean): Promise<void> {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof OutboundError, `an OutboundError, not ${String(error)}`);
      assert.match(error.message, pattern);
      assert.equal(error.permanent, permanent);
      return true;
    });
  }

  it('sends the body and reads the answer when private targets are allowed', async () => {
    const res = await request({ method: 'POST', body: 'hello' });
    assert.equal(res.status, 200);
    assert.equal(res.body, 'POST hello');
  });

  it('refuses a loopback IP literal without connecting', async () => {
    const before = hits.length;
    await refused(request({ allowPrivate: false }), /127\.0\.0\.1 is not a public address/, true);
    assert.equal(hits.length, before, 'no request reached the server');
  });

  it('refuses a name that resolves to loopback, checked when the socket connects', async () => {
    const before = hits.length;
    const port = new URL(base).port;
    await refused(request({ url: `http://localhost:${port}/`, allowPrivate: false }), /localhost resolves to a non-public address/, true);
    assert.equal(hits.length, before);
  });

  it('refuses metadata and IPv4-mapped literals', async () => {
    await refused(request({ url: 'http://169.254.169.254/latest/meta-data/', allowPrivate: false }), /not a public address/, true);
    await refused(request({ url: 'http://[::ffff:127.0.0.1]/', allowPrivate: false }), /not a public address/, true);
  });

  it('refuses other schemes and malformed URLs', async () => {
    await refused(request({ url: 'file:///etc/passwd' }), /file: URLs are not fetched/, true);
    await refused(request({ url: 'not a url' }), /not valid/, true);
  });

  it('does not follow a redirect: the 302 is the answer', async () => {
    const res = await request({ url: `${base}/redirect` });
    assert.equal(res.status, 302);
    assert.ok(!hits.includes('/elsewhere'), 'the Location was not requested');
  });

  it('gives up at the deadline (a temporary failure)', async () => {
    await refused(request({ url: `${base}/silent`, timeoutMs: 200 }), /no answer within 200 ms/, false);
  });

  it('stops reading past the size cap', async () => {
    await refused(request({ url: `${base}/large`, maxResponseBytes: 1024 }), /larger than 1024 bytes/, true);
  });

  it('reports a refused connection as temporary', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await refused(request({ url: `http://127.0.0.1:${port}/` }), /ECONNREFUSED/, false);
  });
});
