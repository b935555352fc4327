import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthorizationRequest } from './authorize-request.js';

/**
 * The validated authorization request travels through the consent page's forms as a ticket:
 * its JSON plus an HMAC under a server key (shared by every instance), with an expiry. The
 * server keeps no state between the page and the decision, and the browser cannot alter it.
 */
export const TICKET_MINUTES = 30;

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function sealTicket(key: Buffer, request: AuthorizationRequest, nowMs: number): string {
  const payload = Buffer.from(JSON.stringify({ ...request, exp: nowMs + TICKET_MINUTES * 60_000 })).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** An open ticket: its request, when it expires, and its MAC, which names this ticket alone (single use). */
export interface OpenTicket {
  request: AuthorizationRequest;
  expiresAt: number;
  id: string;
}

/** The request a ticket carries, or undefined when it was altered or has expired. */
export function openTicket(key: Buffer, ticket: string, nowMs: number): OpenTicket | undefined {
  const dot = ticket.indexOf('.');
  if (dot < 0 || ticket.length > 8192) return undefined;
  const payload = ticket.slice(0, dot);
  const sent = Buffer.from(ticket.slice(dot + 1));
  const expected = Buffer.from(mac(key, payload));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
  const { exp, ...request } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AuthorizationRequest & { exp: number };
  return exp > nowMs ? { request, expiresAt: exp, id: ticket.slice(dot + 1) } : undefined;
}
