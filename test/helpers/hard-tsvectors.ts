/**
 * tsvectors that stress ts_rank_cd's corners (issue 17's in-memory PostgreSQL index), as SQL
 * expressions: a word repeated past MAXNUMPOS, positions clamped at MAXENTRYPOS - 1 (16383),
 * several prefix matches and weights in one document, lexemes without positions, stop words,
 * hyphens, numbers, URLs, e-mail addresses and non-ASCII text.
 */
/** A tsvector literal, as SQL. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'::tsvector`;

export const HARD_TSVECTORS: string[] = [
  `setweight(to_tsvector('english', repeat('support ', 300)), 'A')`,
  `to_tsvector('english', repeat('filler ', 17000) || 'support calls half')`,
  `to_tsvector('english', repeat('support calls ', 150) || repeat('half ', 40))`,
  `setweight(to_tsvector('english', 'Accessible accessibility access accessed'), 'A') || setweight(to_tsvector('english', 'accessing access support'), 'C')`,
  `setweight(to_tsvector('english', repeat('alpha beta ', 9000)), 'B') || to_tsvector('english', 'alpha gamma support')`,
  `setweight(to_tsvector('english', 'support calls'), 'A') || setweight(to_tsvector('english', repeat('x ', 16390)), 'B') || setweight(to_tsvector('english', 'half support'), 'C') || to_tsvector('english', 'calls')`,
  `to_tsvector('english', 'The well-known open-source e-commerce platform, off-the-shelf and state-of-the-art')`,
  `to_tsvector('english', 'Version 2.0 released 2024, 3.14 pi, 1,000 users, 42nd street, v2 x1y2 foo123bar')`,
  `to_tsvector('english', 'Contact foo@bar.com or visit https://example.com/path?q=1 and www.example.org/a-b')`,
  `setweight(to_tsvector('english', 'Café crème brûlée'), 'B') || to_tsvector('english', 'naïve 東京タワー Ελληνικά straße strasse')`,
  literal(`'support':1,3 'calls':2 'nopos' 'suppose'`),
  literal(`'support' 'calls' 'half'`),
  literal(`'support':5A 'calls' 'suppor' 'half':7`),
  literal(`'support':16383A 'calls':16383B 'half':16383`),
  literal(`'a1':1 'a2':1 'a3':2 'a4':2A 'b1':1,2,3`),
  literal(`'supporter':1A,9 'supports':2,200 'support':100C 'calls':50,150,300 'call':1000D 'half':16000`),
  `setweight(to_tsvector('english', 'data live offline support'), 'A') || setweight(to_tsvector('english', 'live data'), 'B') || setweight(to_tsvector('english', 'offline live data'), 'C') || to_tsvector('english', 'data data live')`,
  `to_tsvector('english', 'the a an of to and or but if while with')`,
  literal(''),
  literal(`'x1':16383 'x2':16383 'y':16383 'x3':16383 'yz':16383A 'z':16383`),
  literal(`'x1':3,16383 'y':2,16383 'x2':1,16383A 'yy':16383`),
  `to_tsvector('english', 'runs running ran runner design designed designer designing')`,
];

/** Queries (as a user types them) for the comparisons, including ones the index declines. */
export const HARD_QUERIES: string[] = [
  'accessibility', 'access', 'acc', 'a', 'kestrel', 'kest', 'maps riders', 'zzzqx', 'support', 'support calls',
  'support calls half', 'calls support', 'the', 'the support', 'running', 'runs', 'run runner', 'filler support',
  'alpha', 'alpha gamma', 'beta support', 'well', 'known', 'open source', 'commerce', 'e', 'shelf', '2', '2024',
  '3', '1', 'foo', 'bar', 'example', 'com', 'https', 'café', 'creme', 'crème', 'brulee', '東京', 'straße', 'strasse',
  'a1', 'a2 a3', 'suppor', 'sup', 'nopos', 'data live offline', 'live data', 'wcag', 'release every',
  'payments dashboard typescript', 'web development', 'design', 'designed', 'riders patients', 'plain language',
  'half support', 'typescript react go', 's', 'p', 'd', 'atlas', 'harbor 12', '1 2', 'group', 'trust council',
  'b1', 'x', 'x1y2', 'foo123bar', 'v2', 'state art', 'off', 'ελληνικά', 'x y', 'x1 y', 'x x2', 'y z', 'x y z',
];
