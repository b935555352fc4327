import type { z } from 'zod';

/**
 * One voice for every validation message a person reads (API `errors[].message`, the inquiry
 * form, `vitrine import`): a short phrase that follows the field's name — "is required", "must
 * be at most 280 characters" — so the caller can write `title is required` or "Title is
 * required." Messages a schema words itself are kept; zod's own English ("Too small: expected
 * string to have >=1 characters") is reworded from the issue's structured fields.
 */

type Issue = z.core.$ZodIssue;

const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key)/;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMATS: Record<string, string> = {
  email: 'must be an email address like name@example.com',
  url: 'must be a full URL like https://example.com',
  datetime: 'must be a date and time like 2026-01-31T12:00:00Z',
  date: 'must be a date like 2026-01-31',
  uuid: 'must be a UUID',
  regex: 'is not in the expected format',
};

const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const n = issue.minimum;
  switch (issue.origin) {
    case 'string':
      return Number(n) <= 1 ? 'is required' : `must be at least ${count(n, 'character', 'characters')}`;
    case 'array':
    case 'set':
      return `needs at least ${count(n, 'item', 'items')}`;
    default:
      return issue.inclusive === false ? `must be more than ${n}` : `must be ${n} or more`;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const n = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return `must be at most ${count(n, 'character', 'characters')}`;
    case 'array':
    case 'set':
      return `can have at most ${count(n, 'item', 'items')}`;
    default:
      return issue.inclusive === false ? `must be less than ${n}` : `must be ${n} or less`;
  }
}

/** The phrase for one issue, to follow the field's name. */
export function issueMessage(issue: Issue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod words a missing value as "received undefined"; null where a value is needed is missing too.
      return /received (undefined|null)$/.test(issue.message) ? 'is required' : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? `must be ${issue.format === 'ends_with' || issue.format === 'starts_with' ? 'in the expected format' : `a valid ${issue.format}`}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return 'is not valid';
  }
}
