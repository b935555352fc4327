import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createSmtpMailer, transportUrl } from '../../src/mail/smtp-mailer.js';
import { selfSignedCertificate } from '../helpers/https-fixture.js';

const message = (n: number) => ({ to: 'owner@studio.example', subject: `inquiry ${n}`, text: 'hello', html: '<p>hello</p>' });

describe('the SMTP mailer (nodemailer over a real SMTP server)', () => {
  it('sends a burst over a few pooled connections, not one connection per message', async () => {
    let connections = 0;
    let received = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      logger: false,
      onConnect: (_session, done) => (connections++, done()),
      onData: (stream, _session, done) => stream.resume().on('end', () => (received++, done())),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, from: 'vitrine <noreply@studio.example>', studioNamed: false }, 5_000);
    try {
      for (let n = 0; n < 3; n++) await mailer.send(message(n));
      await Promise.all(Array.from({ length: 20 }, (_, n) => mailer.send(message(100 + n))));
      assert.equal(received, 23);
      assert.ok(connections <= 5, `${connections} connections for 23 messages`);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers every message while the relay is down, more than the pool has connections, and sends again once it is back', { timeout: 30_000 }, async () => {
    // A port with nothing listening: bound once, then released.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'noreply@studio.example', studioNamed: false }, 2_000);
    let received = 0;
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], disableReverseLookup: true, logger: false, onData: (stream, _session, done) => stream.resume().on('end', () => (received++, done())) });
    try {
      // Before the fix, the sixth of these never settled, nor did anything sent after them.
      const down = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => mailer.send(message(n))));
      assert.deepEqual(down.map((r) => r.status), Array(12).fill('rejected'));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      await Promise.all([mailer.send(message(100)), mailer.send(message(101))]);
      assert.equal(received, 2);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives up on a server that never greets within its timeout (not nodemailer’s 30 s)', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, from: 'noreply@studio.example', studioNamed: false }, 300);
    const started = Date.now();
    try {
      await assert.rejects(mailer.send(message(1)));
      assert.ok(Date.now() - started < 5_000, `gave up after ${Date.now() - started} ms`);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('speaks TLS over the socket it opens: implicit (smtps) and STARTTLS (required by the URL)', async () => {
    // The mailer opens the TCP connection itself (Nagle's algorithm off) and hands it to
    // nodemailer, which must still run the TLS of the URL's scheme over it.
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-smtp-tls-'));
    const { key, cert } = selfSignedCertificate(dir);
    try {
      for (const [scheme, options] of [
        ['smtps', { secure: true }],
        ['smtp', { secure: false, disabledCommands: ['AUTH'] }],
      ] as const) {
        const secured: boolean[] = [];
        const server = new SMTPServer({
          ...(options as SMTPServerOptions),
          key,
          cert,
          authOptional: true,
          disableReverseLookup: true,
          logger: false,
          onData: (stream, session, done) => stream.resume().on('end', () => (secured.push(session.secure), done())),
        });
        server.on('error', () => {});
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
        const query = scheme === 'smtp' ? 'requireTLS=true&tls.rejectUnauthorized=false' : 'tls.rejectUnauthorized=false';
        const mailer = createSmtpMailer({ url: `${scheme}://127.0.0.1:${(server.server.address() as AddressInfo).port}?${query}`, from: 'noreply@studio.example', studioNamed: false }, 5_000);
        try {
          await mailer.send(message(1));
          await mailer.send(message(2));
          assert.deepEqual(secured, [true, true], `${scheme}: every message over TLS`);
        } finally {
          mailer.close();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still goes through a proxy the URL names (nodemailer opens that connection, not the mailer)', async () => {
    let received = 0;
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], disableReverseLookup: true, logger: false, onData: (stream, _session, done) => stream.resume().on('end', () => (received++, done())) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    // An HTTP CONNECT proxy (RFC 9110 §9.3.6) that counts the tunnels it opens.
    const tunnels: string[] = [];
    const proxy = createHttpServer();
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    const smtpPort = (server.server.address() as AddressInfo).port;
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}?proxy=${encodeURIComponent(proxyUrl)}`, from: 'noreply@studio.example', studioNamed: false }, 5_000);
    try {
      await mailer.send(message(1));
      assert.equal(received, 1);
      assert.deepEqual(tunnels, [`127.0.0.1:${smtpPort}`], 'the connection went through the proxy');
    } finally {
      mailer.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('fails a send at once when the relay refuses the connection (the outbox retries it)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'noreply@studio.example', studioNamed: false }, 5_000);
    try {
      await assert.rejects(mailer.send(message(1)), (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(error.message)));
    } finally {
      mailer.close();
    }
  });

  it('keeps what the configured URL says (credentials, host, its own parameters) and sets the transport settings', () => {
    const url = new URL(transportUrl('smtps://user:p%40ss@mail.example:465?name=studio.example&pool=false', 2_000));
    assert.equal(url.protocol, 'smtps:');
    assert.equal(url.username, 'user');
    assert.equal(decodeURIComponent(url.password), 'p@ss');
    assert.equal(url.host, 'mail.example:465');
    assert.equal(url.searchParams.get('name'), 'studio.example');
    assert.equal(url.searchParams.get('pool'), 'true');
    assert.equal(url.searchParams.get('socketTimeout'), '2000');
  });
});
