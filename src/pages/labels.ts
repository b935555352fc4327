/** Words whose usual spelling is not plain sentence case. */
const SPELLINGS: Record<string, string> = {
  ai: 'AI', api: 'API', aws: 'AWS', cms: 'CMS', devops: 'DevOps', gcp: 'GCP', graphql: 'GraphQL', ios: 'iOS', iot: 'IoT',
  javascript: 'JavaScript', 'next.js': 'Next.js', 'node.js': 'Node.js', php: 'PHP', postgresql: 'PostgreSQL', typescript: 'TypeScript',
  ux: 'UX', ui: 'UI', seo: 'SEO', sql: 'SQL', mysql: 'MySQL', mongodb: 'MongoDB', elasticsearch: 'Elasticsearch', 'react-native': 'React Native',
};

/** Catalog terms are slugs (`public-sector`, `ux-research`); people read them as words (`Public sector`, `UX research`). */
export function humanize(term: string): string {
  if (SPELLINGS[term]) return SPELLINGS[term];
  if (/^e-/.test(term)) return `E-${term.slice(2).replace(/-/g, ' ')}`;
  const words = term.split('-').map((word, i) => SPELLINGS[word] ?? (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word));
  return words.join(' ');
}

export const FILTERS = [
  { param: 'industry', facet: 'industries', label: 'Industry' },
  { param: 'service', facet: 'services', label: 'Service' },
  { param: 'technology', facet: 'technologies', label: 'Technology' },
  { param: 'year', facet: 'years', label: 'Year' },
  { param: 'tag', facet: 'tags', label: 'Topic' },
] as const;

export type FilterParam = (typeof FILTERS)[number]['param'];
