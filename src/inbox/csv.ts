import { describeSender } from './sender.js';
import type { InboxEntry } from './inbox.js';

const COLUMNS = ['id', 'created_at', 'status', 'name', 'email', 'company', 'message', 'projects', 'budget', 'timeline', 'source', 'sender'] as const;

/**
 * RFC 4180 fields, and OWASP's CSV-injection rules: a cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, and a cell holding
 * a character some locale's spreadsheet splits on (`;`, tab, `|`) is quoted like one holding a
 * comma, so "Hello;=1+2" stays one cell instead of becoming "Hello" and a formula.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;|\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvHeader(): string {
  return `${COLUMNS.join(',')}\r\n`;
}

export function csvRow(entry: InboxEntry): string {
  const values: Record<(typeof COLUMNS)[number], string> = {
    id: entry.id,
    created_at: entry.created_at,
    status: entry.status,
    name: entry.name,
    email: entry.email,
    company: entry.company ?? '',
    message: entry.message,
    projects: entry.project_slugs.join(' '),
    budget: entry.budget ?? '',
    timeline: entry.timeline ?? '',
    source: entry.source,
    sender: describeSender(entry.sender),
  };
  return `${COLUMNS.map((c) => cell(values[c])).join(',')}\r\n`;
}
