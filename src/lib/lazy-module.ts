import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS dependency loaded on its first use rather than at start, so a deployment that never
 * uses it never holds it in memory: an SQLite server without Redis or SMTP that nobody uploads an
 * image to does not need pg, ioredis, nodemailer or sharp, ~35 MB of RSS together (issue 17).
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
