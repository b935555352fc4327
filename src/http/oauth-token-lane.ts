import type { IncomingMessage } from 'node:http';
import { formHasNul } from '../lib/nul-character.js';
import type { OAuthRequest } from '../oauth/context.js';
import type { TokenResponse } from '../oauth/issue.js';
import { isPlainHost, type Lane, type LaneSteps } from './lane.js';
import { refused } from './middleware/no-nul.js';
import { listField } from './requests/header.js';
import { mediaTypeOf } from './requests/media-type.js';
import { FORM, oauthFormParams } from './requests/oauth-params.js';
import { CLIENT_CLOSED_REQUEST, oauthErrorFor, type FailureReporter } from './responses/errors.js';
import { TOKEN_PATH } from './routes/oauth-token.js';
import { JSON_NO_STORE } from './responses/oauth.js';

export interface OAuthTokenLaneOptions extends LaneSteps {
  token(request: OAuthRequest): Promise<TokenResponse>;
  /** BODY_LIMIT_BYTES: a longer body is the app's to refuse (413) */
  bodyLimitBytes: number;
  reportFailure: FailureReporter;
}

/**
 * `POST /oauth/token` with a form body, answered on node:http before Hono (issue 17): building
 * the Web Request, its body stream and Hono's context around a 60-byte form cost a fifth of a
 * token's CPU. The app's steps for it, in their order and with the app's own functions: the
 * request id, client address and constant headers (requestContext), the rate limit's decision
 * for this tick (the `auth` policy is per IP alone, so a client's Authorization changes nothing
 * there), the body limit, the NUL check (rejectNul), the form's parameters (readOAuthRequest),
 * the grant (oauth/token.ts), then the RFC 6749 §5.1 answer or §5.2 error (oauthJson /
 * errorHandler), the failure log and the access record.
 *
 * Decided on the request line and headers alone, before any of the body is read: any other
 * media type (JSON), a chunked or oversized body, a Host the adaptor would check, or a
 * rate-limit decision not taken in this tick goes to the app. test/http/oauth-token-lane.test.ts
 * checks that its answers are the app's, header for header.
 */
export function oauthTokenLane(options: OAuthTokenLaneOptions): Lane {
  const { token, bodyLimitBytes, headersFor, nextRequestId, clientIp, admit, record, reportFailure } = options;
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== TOKEN_PATH) return false;
    const headers = req.headers;
    const length = headers['content-length'];
    if (length === undefined || headers['transfer-encoding'] !== undefined || Number(length) > bodyLimitBytes) return false;
    if (mediaTypeOf(headers['content-type']) !== FORM || !isPlainHost(headers.host)) return false;
    const started = performance.now();
    const fields = admit('POST', TOKEN_PATH, clientIp(req.socket.remoteAddress, listField(headers['x-forwarded-for'])));
    if (fields === undefined) return false;
    const requestId = nextRequestId();
    const answer = (status: number, body: string, own: Readonly<Record<string, string>>) => {
      // respondWith's merge (responses/response-headers.ts), as in the cached-read lane.
      res.writeHead(status, { ...own, 'content-length': String(Buffer.byteLength(body)), ...fields, ...headersFor(TOKEN_PATH), 'x-request-id': requestId });
      res.end(body);
      record(requestId, 'POST', TOKEN_PATH, TOKEN_PATH, status, started);
    };
    readText(req)
      .then((text) => {
        if (formHasNul(text)) throw refused('(body)');
        return token({ authorization: headers.authorization, params: oauthFormParams(text) });
      })
      .then(
        (issued) => answer(200, JSON.stringify(issued), JSON_NO_STORE),
        (error: Error) => {
          reportFailure(error, { requestId, method: 'POST', path: TOKEN_PATH });
          if (req.destroyed && !req.complete) return record(requestId, 'POST', TOKEN_PATH, TOKEN_PATH, CLIENT_CLOSED_REQUEST, started);
          const failure = oauthErrorFor(error, requestId);
          answer(failure.status, JSON.stringify(failure.toJSON()), { ...JSON_NO_STORE, ...failure.headers });
        },
      )
      // Nothing above is expected to throw; if writing the answer does, the connection is cut
      // (never a rejection left unhandled, which would end the process).
      .catch((error: unknown) => {
        reportFailure(error instanceof Error ? error : new Error(String(error)), { requestId, method: 'POST', path: TOKEN_PATH });
        res.destroy();
      });
    return true;
  };
}

/** UTF-8, a leading BOM dropped: what `Request.text()` reads (Encoding standard, "UTF-8 decode"). */
const utf8 = new TextDecoder();

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    req.once('error', reject);
  });
}
