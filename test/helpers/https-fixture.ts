import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An https server on 127.0.0.1 with a throwaway self-signed certificate (openssl), e.g. for client ID metadata documents. */
export interface HttpsFixture {
  origin: string;
  /** the certificate, for CIMD_CA_FILE */
  certPath: string;
  close(): Promise<void>;
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), in files under `dir`. */
export function selfSignedCertificate(dir: string): { keyPath: string; certPath: string; key: Buffer; cert: Buffer } {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { keyPath, certPath, key: readFileSync(keyPath), cert: readFileSync(certPath) };
}

export async function startHttpsFixture(handler: RequestListener): Promise<HttpsFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-tls-'));
  const { key, cert, certPath } = selfSignedCertificate(dir);
  const server = createServer({ key, cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
