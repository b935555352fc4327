import { hash } from 'node:crypto';
import { ValidationError } from '../lib/errors.js';

export interface InboxPosition {
  createdAt: string;
  id: string;
}

/** The filters a cursor belongs to: a cursor of one list is refused by another. */
function digest(filter: unknown): string {
  return hash('sha256', JSON.stringify(filter), 'base64url').slice(0, 12);
}

export function encodeInboxCursor(position: InboxPosition, filter: unknown): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id, digest(filter)])).toString('base64url');
}

export function decodeInboxCursor(cursor: string, filter: unknown): InboxPosition {
  const invalid = new ValidationError('The cursor is not one of this list; start again without it.', [{ path: 'cursor', message: 'is not a cursor of this list' }]);
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((p) => typeof p === 'string') || parts[2] !== digest(filter)) throw invalid;
  return { createdAt: parts[0] as string, id: parts[1] as string };
}
