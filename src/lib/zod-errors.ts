import type { z } from 'zod';
import { ValidationError, type FieldError } from './errors.js';
import { issueMessage } from './issue-messages.js';
import { fieldsAt, unknownKeyMessage, type KeyAliases, type KeyKind } from './unknown-keys.js';

export interface FieldErrorOptions {
  /** where the values came from (`query`, `param`) */
  prefix?: string;
  /** what an unknown key is called (a field unless said) */
  kind?: KeyKind;
  /** the schema the input failed: an unknown key's message names the key it likely meant, or those there are */
  schema?: z.ZodType;
  aliases?: KeyAliases;
}

/** zod issues as `errors: [{path, message}]`, naming unknown keys one by one. */
export function fieldErrors(error: z.ZodError, options: FieldErrorOptions = {}): FieldError[] {
  const out: FieldError[] = [];
  // A value of the wrong type gets that one message: zod may still run the field's length checks on it.
  const mistyped = new Set<string>();
  for (const issue of error.issues) {
    const base = [options.prefix ?? '', ...issue.path.map(String)].filter(Boolean).join('.');
    if (mistyped.has(base)) continue;
    if (issue.code === 'invalid_type') mistyped.add(base);
    if (issue.code === 'unrecognized_keys') {
      const fields = options.schema && fieldsAt(options.schema, issue.path);
      for (const key of issue.keys) out.push({ path: [base, key].filter(Boolean).join('.'), message: unknownKeyMessage(key, fields, options.kind, options.aliases) });
    } else {
      out.push({ path: base || '(body)', message: issueMessage(issue) });
    }
  }
  return out;
}

/** The 400 for invalid input to `subject` (e.g. "The inquiry") against `schema`, listing every field. */
export function invalidInput(subject: string, error: z.ZodError, schema?: z.ZodType): ValidationError {
  const errors = fieldErrors(error, schema ? { schema } : {});
  return new ValidationError(`${subject} is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
}
