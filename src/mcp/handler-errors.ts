import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { DomainError } from '../lib/errors.js';

/**
 * What a resource or prompt handler throws, made fit for the wire. The SDK sends any thrown
 * error's message as the JSON-RPC error (-32603), so a database's own words ("connect
 * ECONNREFUSED …") would reach the client: protocol errors pass, an outage says to retry, and
 * anything else is logged here and answered blandly (tools do the same in tool-result.ts).
 */
export function wireError(logger: Logger, handler: string, error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  if (error instanceof DomainError && error.status === 503) return new ProtocolError(ProtocolErrorCode.InternalError, 'The catalog is briefly unavailable; retry in a few seconds.');
  logger.error({ err: error, handler }, 'mcp handler failed');
  return new ProtocolError(ProtocolErrorCode.InternalError, 'Something went wrong on our side; retry later.');
}
