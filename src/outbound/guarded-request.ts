import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { isPublicAddress } from './public-address.js';

/**
 * The one way vitrine sends an HTTP request somewhere a URL it did not choose points: webhook
 * deliveries, client metadata documents. Every such request has a deadline, reads at most
 * `maxResponseBytes`, never follows a redirect, and refuses private, loopback and link-local
 * targets unless `allowPrivate`. The address is checked when the socket connects (node's
 * `lookup` hook), not before, so a DNS answer cannot change between the check and the use.
 */

export interface GuardedRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivate: boolean;
  /** extra PEM certificates to trust for https (an internal CA) */
  ca?: string | undefined;
  /**
   * The status is the answer (a webhook delivery): a body past `maxResponseBytes` is cut there
   * and the rest left unread, not an error; the receiver has answered either way.
   */
  statusOnly?: boolean;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Why a request was not made or not completed; `message` is safe to show an owner. */
export class OutboundError extends Error {
  constructor(
    message: string,
    /** true when retrying cannot help (a refused target, a malformed URL) */
    readonly permanent = false,
    /** true when the target answered (its response broke a rule): the message then tells nothing of the network */
    readonly answered = false,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to a non-public address (${refused.address})`), { code: 'EREFUSED_PRIVATE' }), '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  }) as LookupFunction;
}

export function guardedRequest(request: GuardedRequest): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new OutboundError('the URL is not valid', true));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.reject(new OutboundError(`${url.protocol} URLs are not fetched`, true));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is never looked up, so it is checked here.
  if (isIP(host) !== 0 && !request.allowPrivate && !isPublicAddress(host)) return Promise.reject(new OutboundError(`${host} is not a public address`, true));

  return new Promise<GuardedResponse>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const req = send(url, {
      method: request.method,
      headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      lookup: guardedLookup(request.allowPrivate),
      signal: AbortSignal.timeout(request.timeoutMs),
      ...(request.ca !== undefined && url.protocol === 'https:' ? { ca: [...tls.rootCertificates, request.ca] } : {}),
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EREFUSED_PRIVATE') return reject(new OutboundError(error.message, true));
      if (error.name === 'AbortError' || error.name === 'TimeoutError') return reject(new OutboundError(`no answer within ${request.timeoutMs} ms`));
      reject(new OutboundError(`${error.code ?? 'error'}: ${error.message}`));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          req.destroy();
          if (request.statusOnly) return resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          reject(new OutboundError(`the response is larger than ${request.maxResponseBytes} bytes`, true, true));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => reject(new OutboundError(error.message)));
    });
    req.end(body);
  });
}
