import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextLink } from '../../src/http/routes/projects.js';

// The list's `Link: rel="next"` (src/http/routes/projects.ts) reads the request's query with
// URLSearchParams alone. It must read what the WHATWG URL parser reads there (the parser
// percent-encodes parts of a query, and the form decoding reads them back), so a next link
// keeps every parameter as the request gave it.
const BASE = 'https://studio.example/api/v1/projects';

/** The reading through the URL parser: the request URL parsed whole, then its searchParams. */
function throughUrl(requestUrl: string, cursor: string): string {
  const next = new URL(BASE);
  for (const [key, value] of new URL(requestUrl).searchParams) if (key !== 'cursor') next.searchParams.append(key, value);
  next.searchParams.set('cursor', cursor);
  return `<${next.href}>; rel="next"`;
}

describe('the next-page link of a list', () => {
  it('keeps the parameters in their order, serialized, with the new cursor last', () => {
    const cases: [string, string][] = [
      ['?q=mobile%20app&limit=1', 'q=mobile+app&limit=1&cursor=C'],
      ['?cursor=old&q=a&cursor=older&limit=2', 'q=a&limit=2&cursor=C'],
      ['?q=caf%C3%A9', 'q=caf%C3%A9&cursor=C'],
      ['?q=café', 'q=caf%C3%A9&cursor=C'],
      ['?q=c%2B%2B&tag=a+b', 'q=c%2B%2B&tag=a+b&cursor=C'],
      ['?q="x"<y>', 'q=%22x%22%3Cy%3E&cursor=C'],
      ['?q=%zz&&limit=3', 'q=%25zz&limit=3&cursor=C'],
      ['??q=x', '%3Fq=x&cursor=C'],
      ['?q=a#b', 'q=a&cursor=C'],
      ['', 'cursor=C'],
    ];
    for (const [query, expected] of cases) {
      const url = `http://127.0.0.1:8080/api/v1/projects${query}`;
      assert.equal(nextLink(BASE, url, 'C'), `<${BASE}?${expected}>; rel="next"`, query);
      assert.equal(nextLink(BASE, url, 'C'), throughUrl(url, 'C'), query);
    }
  });

  it('reads any query as the URL parser does', () => {
    // Every character class the parser treats apart: the query percent-encode set (space, ", <,
    // >, ', C0 controls), the form's own (&, =, +, %), non-ASCII and lone percent signs.
    const alphabet = ['a', 'Z', '0', ' ', '"', '<', '>', "'", '\u0001', '&', '=', '+', '%', '%2', '%41', '%C3%A9', 'é', '€', '😀', '/', '?', ';', ',', '~', '*', '`', '{', '}', '|', '\\', '^', '[', ']', 'cursor=x', '#', '?'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      let query = '?';
      const length = 1 + Math.floor(random() * 12);
      for (let j = 0; j < length; j++) query += alphabet[Math.floor(random() * alphabet.length)];
      const url = `http://127.0.0.1:8080/api/v1/projects${query}`;
      assert.equal(nextLink(BASE, url, 'eyJ2IjoxfQ'), throughUrl(url, 'eyJ2IjoxfQ'), JSON.stringify(query));
    }
  });
});
