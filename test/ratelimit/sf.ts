/**
 * A tiny RFC 9651 List parser for tests: items that are sf-strings with integer or token
 * parameters — enough to check the RateLimit fields byte for byte. Throws on anything else.
 */
export interface SfItem {
  value: string;
  params: Record<string, number | string>;
}

export function parseSfList(input: string): SfItem[] {
  let i = 0;
  const items: SfItem[] = [];
  const skipOws = () => {
    while (input[i] === ' ' || input[i] === '\t') i++;
  };
  const fail = (what: string): never => {
    throw new Error(`not a valid sf-list at ${i} (${what}): ${input}`);
  };
  const key = (): string => {
    const m = /^[a-z*][a-z0-9_\-.*]*/.exec(input.slice(i)) ?? fail('key');
    i += m[0].length;
    return m[0];
  };
  const string = (): string => {
    if (input[i] !== '"') fail('string');
    i++;
    let out = '';
    for (;;) {
      const ch = input[i++] ?? fail('unterminated string');
      if (ch === '\\') {
        const next = input[i++];
        if (next !== '"' && next !== '\\') fail('bad escape');
        out += next;
      } else if (ch === '"') return out;
      else if (ch < ' ' || ch > '~') fail('string char');
      else out += ch;
    }
  };
  const bareItem = (): number | string => {
    const m = /^-?\d{1,15}(?![.\d])/.exec(input.slice(i));
    if (m) {
      i += m[0].length;
      return Number(m[0]);
    }
    if (input[i] === '"') return string();
    const t = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(input.slice(i)) ?? fail('bare item');
    i += t[0].length;
    return t[0];
  };
  skipOws();
  while (i < input.length) {
    const value = string();
    const params: Record<string, number | string> = {};
    while (input[i] === ';') {
      i++;
      while (input[i] === ' ') i++;
      const k = key();
      if (input[i] !== '=') fail('boolean params are not expected here');
      i++;
      params[k] = bareItem();
    }
    items.push({ value, params });
    skipOws();
    if (i >= input.length) break;
    if (input[i] !== ',') fail('comma');
    i++;
    skipOws();
    if (i >= input.length) fail('trailing comma');
  }
  return items;
}
