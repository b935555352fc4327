import type { KeyAliases } from '../lib/unknown-keys.js';

/**
 * What other APIs call the project list's parameters, loosely spelt (lib/unknown-keys.ts): a
 * refused `search` or `per_page` says "did you mean q?" / "did you mean limit?" (REST and MCP).
 */
export const LIST_ALIASES: KeyAliases = {
  ...Object.fromEntries(['search', 'query', 'keyword', 'keywords', 'text', 'term', 'filter'].map((name) => [name, 'q'])),
  ...Object.fromEntries(['perpage', 'pagesize', 'size', 'count', 'max', 'maxresults', 'top', 'first'].map((name) => [name, 'limit'])),
  ...Object.fromEntries(['page', 'offset', 'after', 'next', 'nextcursor', 'pagetoken', 'start', 'skip'].map((name) => [name, 'cursor'])),
  ...Object.fromEntries(['order', 'orderby', 'sortby'].map((name) => [name, 'sort'])),
};
