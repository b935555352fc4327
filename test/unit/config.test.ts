import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_RATE_LIMITS, misspeltSettingsIn, parseConfig } from '../../src/config.js';

/** Asserts parseConfig rejects `env` with a ConfigError whose message starts with the variable name. */
function assertRejects(env: Record<string, string>, variable: string): void {
  assert.throws(
    () => parseConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `ConfigError, got ${String(error)}`);
      assert.ok(error.message.startsWith(`${variable}: `), `names ${variable}: ${error.message}`);
      return true;
    },
  );
}

const jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }] };

describe('parseConfig (docs/design.md §10)', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicUrl, 'http://127.0.0.1:8080');
    assert.equal(config.publicUrlConfigured, false, 'derived from HOST/PORT, so the server re-derives it from the bound port');
    assert.deepEqual(config.database, { kind: 'sqlite', path: './data/vitrine.db' });
    assert.equal(config.redisUrl, undefined);
    assert.deepEqual(config.trustedIssuers, []);
    assert.deepEqual(config.rateLimits, DEFAULT_RATE_LIMITS);
    assert.equal(config.rateLimitsEnabled, true);
    assert.equal(config.idempotencyTtlSeconds, 86_400);
    assert.equal(config.idempotencyLockSeconds, 30);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.heapGrowthPercent, 100);
    assert.deepEqual(config.trustProxy, { kind: 'off' });
    assert.equal(config.bodyLimitBytes, 64 * 1024);
    assert.equal(config.accessTokenTtlSeconds, 3600);
    assert.equal(config.catalogVersionCheckMs, 1000);
    assert.equal(config.demoCatalog, true);
    assert.deepEqual(config.mcpAllowedOrigins, []);
  });

  it('takes the design contract\'s name `keys` for the minting policy it calls `register` (docs/design.md §10)', () => {
    const config = parseConfig({ RATE_LIMITS: '{"keys":{"q":5,"w":60}}' });
    assert.deepEqual(config.rateLimits.register, { q: 5, w: 60 });
    assert.deepEqual(config.rateLimits.reads, DEFAULT_RATE_LIMITS.reads);
  });

  it('returns a deeply frozen object', () => {
    const config = parseConfig({ RATE_LIMITS: '{"reads":{"q":5,"w":1}}', TRUST_PROXY: '10.0.0.0/8' });
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.database));
    assert.ok(Object.isFrozen(config.rateLimits));
    assert.ok(Object.isFrozen(config.trustProxy));
    assert.ok(Object.isFrozen(config.mcpAllowedOrigins));
    assert.throws(() => {
      (config as { port: number }).port = 1;
    }, TypeError);
  });

  it('reads every variable it is given', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://portfolio.example/',
      DATABASE_URL: 'postgres://app@db:5432/vitrine',
      REDIS_URL: 'rediss://cache:6380',
      RATE_LIMITS: '{"writes":{"q":5,"w":10}}',
      RATE_LIMITS_ENABLED: 'false',
      IDEMPOTENCY_TTL_SECONDS: '60',
      IDEMPOTENCY_LOCK_SECONDS: '5',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
      DATABASE_IDLE_TIMEOUT_MS: '30000',
      KEEP_ALIVE_TIMEOUT_SECONDS: '620',
      LOG_LEVEL: 'debug',
      HEAP_GROWTH_PERCENT: '0',
      TRUST_PROXY: '2',
      BODY_LIMIT_BYTES: '4096',
      ACCESS_TOKEN_TTL_SECONDS: '600',
      CATALOG_VERSION_CHECK_MS: '0',
      DEMO_CATALOG: 'false',
      MCP_ALLOWED_ORIGINS: 'https://a.example/path, http://localhost:3000',
      TRUSTED_ISSUERS: JSON.stringify([{ issuer: 'https://idp.example', jwks }]),
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicUrl, 'https://portfolio.example', 'trailing slash dropped');
    assert.equal(config.publicUrlConfigured, true);
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://app@db:5432/vitrine', connectTimeoutMs: 1500, queryTimeoutMs: 2500, idleTimeoutMs: 30_000 });
    assert.equal(config.idempotencyLockSeconds, 5);
    assert.equal(config.redisUrl, 'rediss://cache:6380');
    assert.deepEqual(config.rateLimits.writes, { q: 5, w: 10 });
    assert.deepEqual(config.rateLimits.reads, DEFAULT_RATE_LIMITS.reads, 'other policies keep their defaults');
    assert.equal(config.rateLimitsEnabled, false);
    assert.equal(config.idempotencyTtlSeconds, 60);
    assert.equal(config.logLevel, 'debug');
    assert.equal(config.heapGrowthPercent, 0, "0: V8's own choice");
    assert.deepEqual(config.trustProxy, { kind: 'hops', hops: 2 });
    assert.equal(config.bodyLimitBytes, 4096);
    assert.equal(config.keepAliveTimeoutSeconds, 620);
    assert.equal(config.accessTokenTtlSeconds, 600);
    assert.equal(config.catalogVersionCheckMs, 0);
    assert.equal(config.demoCatalog, false);
    assert.deepEqual(config.mcpAllowedOrigins, ['https://a.example', 'http://localhost:3000']);
    assert.equal(config.trustedIssuers[0]?.issuer, 'https://idp.example');
    assert.deepEqual(config.trustedIssuers[0]?.types, ['id-jag', 'verified_email']);
    assert.ok(!config.trustedIssuers[0]?.algorithms.includes('HS256'));
  });

  it('builds PUBLIC_URL from HOST and PORT, bracketing IPv6 hosts', () => {
    assert.equal(parseConfig({ HOST: '::1', PORT: '8081' }).publicUrl, 'http://[::1]:8081');
  });

  it('names the loopback, not a wildcard address no client can reach, when HOST listens on every interface', () => {
    for (const host of ['0.0.0.0', '::']) assert.equal(parseConfig({ HOST: host, PORT: '8081' }).publicUrl, 'http://127.0.0.1:8081', host);
    assert.equal(parseConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://portfolio.example' }).publicUrl, 'https://portfolio.example');
    // RFC 3986 §6.2.2: one form of the origin, whatever the case and default port it was written with.
    for (const written of ['HTTPS://Portfolio.Example', 'https://portfolio.example:443/', 'https://PORTFOLIO.example///']) assert.equal(parseConfig({ PUBLIC_URL: written }).publicUrl, 'https://portfolio.example', written);
    assert.equal(parseConfig({ PUBLIC_URL: 'http://Localhost:8080' }).publicUrl, 'http://localhost:8080');
  });

  it('accepts sqlite::memory: and postgresql:// URLs', () => {
    assert.deepEqual(parseConfig({ DATABASE_URL: 'sqlite::memory:' }).database, { kind: 'sqlite', path: ':memory:' });
    assert.equal(parseConfig({ DATABASE_URL: 'postgresql://x@y/z' }).database.kind, 'postgres');
  });

  it('reads TRUSTED_ISSUERS and RATE_LIMITS from a file path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-config-'));
    try {
      writeFileSync(join(dir, 'issuers.json'), JSON.stringify([{ issuer: 'https://idp.example', jwks_uri: 'https://idp.example/jwks', types: ['verified_email'] }]));
      writeFileSync(join(dir, 'limits.json'), JSON.stringify({ auth: { q: 1, w: 1 } }));
      const config = parseConfig({ TRUSTED_ISSUERS: join(dir, 'issuers.json'), RATE_LIMITS: join(dir, 'limits.json') });
      assert.deepEqual(config.trustedIssuers[0]?.types, ['verified_email']);
      assert.deepEqual(config.rateLimits.auth, { q: 1, w: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes an empty number (an env file\'s `PORT=`) as unset, not as 0', () => {
    const config = parseConfig({ PORT: '', CREDENTIAL_CACHE_SECONDS: '', CATALOG_VERSION_CHECK_MS: '', HEAP_GROWTH_PERCENT: '', IDEMPOTENCY_TTL_SECONDS: '', PUBLIC_URL: '' });
    assert.deepEqual([config.port, config.credentialCacheSeconds, config.catalogVersionCheckMs, config.heapGrowthPercent, config.idempotencyTtlSeconds], [8080, 5, 1000, 100, 86_400]);
    assert.equal(config.publicUrl, 'http://127.0.0.1:8080');
  });

  it('takes an empty string setting (a docker-compose file\'s `DATABASE_URL=`) as unset: its default', () => {
    assert.deepEqual(parseConfig({ DATABASE_URL: '' }).database, { kind: 'sqlite', path: './data/vitrine.db' });
    const names = ['HOST', 'DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'RATE_LIMITS', 'RATE_LIMITS_ENABLED', 'LOG_LEVEL', 'CIMD_ALLOW_PRIVATE', 'DEMO_CATALOG', 'RESPONSE_CACHE', 'FAST_LANE', 'WEBHOOK_ALLOW_PRIVATE', 'TRUSTED_ISSUERS', 'TRUST_PROXY', 'MCP_ALLOWED_ORIGINS'];
    const config = parseConfig(Object.fromEntries(names.map((name) => [name, ''])));
    const defaults = parseConfig({});
    for (const key of ['database', 'host', 'redisUrl', 'redisKeyPrefix', 'rateLimits', 'rateLimitsEnabled', 'logLevel', 'cimdAllowPrivate', 'demoCatalog', 'responseCache', 'webhookAllowPrivate', 'trustedIssuers', 'trustProxy', 'mcpAllowedOrigins'] as const) {
      assert.deepEqual(config[key], defaults[key], key);
    }
  });

  it('accepts IP addresses and CIDR ranges of both families in TRUST_PROXY, a Unix-socket DATABASE_URL and a named MAIL_FROM', () => {
    assert.deepEqual(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8, ::1' }).trustProxy, { kind: 'cidrs', cidrs: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1'] });
    assert.equal(parseConfig({ DATABASE_URL: 'postgres:///vitrine?host=/var/run/postgresql' }).database.kind, 'postgres');
    assert.equal(parseConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Studio <hello@studio.example>' }).mail?.from, 'Studio <hello@studio.example>');
    assert.deepEqual(parseConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Studio <hello@studio.example>' }).mail, { url: 'smtp://mail.example.com:587', from: 'Studio <hello@studio.example>', studioNamed: false });
    // No display name given: the bare address, sent with the studio's name.
    for (const from of ['hello@studio.example', ' <hello@studio.example>', '"" <hello@studio.example>']) assert.deepEqual(parseConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: from }).mail, { url: 'smtp://mail.example.com:587', from: 'hello@studio.example', studioNamed: true }, from);
  });

  it('says what is wrong with a number: not a whole number, or out of its range', () => {
    assert.throws(() => parseConfig({ PORT: '70000' }), /^ConfigError: PORT: .*65535/);
    assert.throws(() => parseConfig({ PORT: '80.5' }), /^ConfigError: PORT: must be a whole number$/);
  });

  it('never echoes a password in a message', () => {
    for (const env of [{ WEBHOOK_URLS: 'https://user:HookSecretPw@h.example', WEBHOOK_SECRET: 'whsec_AAAA' }, { SMTP_URL: 'smtp://u:HookSecretPw@mail.example.com:abc' }, { DATABASE_URL: 'postgres://u:HookSecretPw@db:99999/x' }, { REDIS_URL: 'redis://u:HookSecretPw@cache:port' }]) {
      assert.throws(() => parseConfig(env), (error: unknown) => error instanceof ConfigError && !error.message.includes('HookSecretPw') && error.message.includes('…@'));
    }
  });

  describe('names the variable of every bad value', () => {
    const cases: [string, Record<string, string>][] = [
      ['PORT', { PORT: 'eighty' }],
      ['PORT', { PORT: '70000' }],
      ['PORT', { PORT: '-1' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'catalog.example.com' }],
      ['DATABASE_URL', { DATABASE_URL: 'mysql://db' }],
      ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }],
      ['REDIS_URL', { REDIS_URL: 'http://cache' }],
      ['REDIS_URL', { REDIS_URL: 'redis://cache:notaport' }],
      ['RATE_LIMITS', { RATE_LIMITS: '{"reads":{"q":0,"w":60}}' }],
      ['RATE_LIMITS', { RATE_LIMITS: '{"unknown":{"q":1,"w":60}}' }],
      ['RATE_LIMITS', { RATE_LIMITS: '{"keys":{"q":1,"w":60},"register":{"q":2,"w":60}}' }],
      ['RATE_LIMITS', { RATE_LIMITS: '{not json' }],
      ['RATE_LIMITS', { RATE_LIMITS: '/no/such/file.json' }],
      ['RATE_LIMITS_ENABLED', { RATE_LIMITS_ENABLED: 'yes' }],
      ['IDEMPOTENCY_TTL_SECONDS', { IDEMPOTENCY_TTL_SECONDS: '0' }],
      ['IDEMPOTENCY_TTL_SECONDS', { IDEMPOTENCY_TTL_SECONDS: '1.5' }],
      ['IDEMPOTENCY_LOCK_SECONDS', { IDEMPOTENCY_LOCK_SECONDS: '0' }],
      ['DATABASE_CONNECT_TIMEOUT_MS', { DATABASE_CONNECT_TIMEOUT_MS: '0' }],
      ['DATABASE_QUERY_TIMEOUT_MS', { DATABASE_QUERY_TIMEOUT_MS: 'forever' }],
      ['DATABASE_IDLE_TIMEOUT_MS', { DATABASE_IDLE_TIMEOUT_MS: '0' }],
      ['KEEP_ALIVE_TIMEOUT_SECONDS', { KEEP_ALIVE_TIMEOUT_SECONDS: '0' }],
      ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
      ['TRUST_PROXY', { TRUST_PROXY: 'everyone' }],
      ['BODY_LIMIT_BYTES', { BODY_LIMIT_BYTES: '10' }],
      ['BODY_LIMIT_BYTES', { BODY_LIMIT_BYTES: String(100 * 1024 * 1024) }],
      ['ACCESS_TOKEN_TTL_SECONDS', { ACCESS_TOKEN_TTL_SECONDS: '5' }],
      ['CATALOG_VERSION_CHECK_MS', { CATALOG_VERSION_CHECK_MS: '-1' }],
      ['HEAP_GROWTH_PERCENT', { HEAP_GROWTH_PERCENT: '-5' }],
      ['HEAP_GROWTH_PERCENT', { HEAP_GROWTH_PERCENT: '1001' }],
      ['HEAP_GROWTH_PERCENT', { HEAP_GROWTH_PERCENT: '1.5' }],
      ['DEMO_CATALOG', { DEMO_CATALOG: '1' }],
      ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'not an origin' }],
      ['TRUSTED_ISSUERS', { TRUSTED_ISSUERS: '[{"issuer":"https://idp.example"}]' }],
      ['TRUSTED_ISSUERS', { TRUSTED_ISSUERS: JSON.stringify([{ issuer: 'https://idp.example', jwks, algorithms: ['HS256'] }]) }],
      ['TRUSTED_ISSUERS', { TRUSTED_ISSUERS: JSON.stringify([{ issuer: 'https://idp.example', jwks, algorithms: ['none'] }]) }],
      ['PORT', { PORT: '0x100' }],
      ['ACCESS_TOKEN_TTL_SECONDS', { ACCESS_TOKEN_TTL_SECONDS: '1e3' }],
      ['HOST', { HOST: 'not a host' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'javascript:alert(1)' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x.example' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'http://x.example?q=1' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'https://x.example/#top' }],
      // Served at the root only: a path would reach absolute links and the issuer, not the pages' own links.
      ['PUBLIC_URL', { PUBLIC_URL: 'https://x.example/app' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'https://x.example/app/' }],
      ['TRUST_PROXY', { TRUST_PROXY: 'abc' }],
      ['TRUST_PROXY', { TRUST_PROXY: '999.999.999.999' }],
      ['TRUST_PROXY', { TRUST_PROXY: '1.5' }],
      ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/99' }],
      ['TRUST_PROXY', { TRUST_PROXY: '::::/8' }],
      ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8/8' }],
      ['DATABASE_URL', { DATABASE_URL: 'postgres://postgres@127.0.0.1:99999/x' }],
      ['DATABASE_URL', { DATABASE_URL: 'postgres://' }],
      ['SMTP_URL', { SMTP_URL: 'smtp://u:pw@mail.example.com:abc' }],
      ['MAIL_FROM', { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' }],
      ['WEBHOOK_SECRET', { WEBHOOK_URLS: 'https://h.example/hook', WEBHOOK_SECRET: 'whsec_abc' }],
      ['METRICS_TOKEN', { METRICS_TOKEN: ' '.repeat(16) }],
      // Not unset: a token meant but left out of an env file would make /metrics public.
      ['METRICS_TOKEN', { METRICS_TOKEN: '' }],
      ['RATE_LIMITS', { RATE_LIMITS: '{"reads":{"q":1,"w":1000000000000}}' }],
    ];
    for (const [variable, env] of cases) {
      it(`${variable}=${env[variable] ?? Object.values(env)[0]}`, () => assertRejects(env, variable));
    }
    it('says an empty METRICS_TOKEN is empty, and what to do, not that it is too short', () => {
      assert.throws(() => parseConfig({ METRICS_TOKEN: '' }), /^ConfigError: METRICS_TOKEN: is empty: unset it for a public \/metrics, or set a token$|METRICS_TOKEN: is empty: unset it/);
    });
  });
});

describe('a setting misspelt in the environment', () => {
  it('is named with the setting meant: a transposition, a letter dropped or added', () => {
    const env = { DATABSE_URL: 'sqlite:x.db', SMPT_URL: 'smtp://x', PUBLC_URL: 'https://x.example', OWNER_EMAIL: 'a@b.example', RATE_LIMIT: '{}', LOG_LEVLE: 'debug' };
    assert.deepEqual(misspeltSettingsIn(env), [
      { name: 'DATABSE_URL', meant: 'DATABASE_URL' },
      { name: 'SMPT_URL', meant: 'SMTP_URL' },
      { name: 'PUBLC_URL', meant: 'PUBLIC_URL' },
      { name: 'OWNER_EMAIL', meant: 'OWNER_EMAILS' },
      { name: 'RATE_LIMIT', meant: 'RATE_LIMITS' },
      { name: 'LOG_LEVLE', meant: 'LOG_LEVEL' },
    ]);
  });

  it('leaves the settings themselves and the rest of an environment alone', () => {
    const env = { DATABASE_URL: 'sqlite:x.db', PORT: '1', PATH: '/bin', HOME: '/root', HOSTNAME: 'box', USER: 'me', PWD: '/', NODE_ENV: 'production', TERM: 'xterm', LANG: 'C', SHELL: '/bin/sh', npm_config_cache: '/x', SHLVL: '1', OLDPWD: '/', LOGNAME: 'me', MAIL: '/var/mail/me' };
    assert.deepEqual(misspeltSettingsIn(env), []);
  });
});
