/**
 * What vitrine sends for a path, as the bytes on the wire (node:http neither asks for a content
 * coding nor decodes one, unlike fetch): the bare server (bare-server.ts) replays exactly these.
 */
import { request } from 'node:http';

export interface FixedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** the bytes as sent, for binary bodies */
  bodyBase64: string;
}

export function fetchFixed(port: number, path: string, requestHeaders: Record<string, string> = {}): Promise<FixedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: requestHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        // The same headers vitrine sent, minus the ones node:http computes itself.
        for (const [key, value] of Object.entries(res.headers)) if (value !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key)) headers[key] = String(value);
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers, body: body.toString('utf8'), bodyBase64: body.toString('base64') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
