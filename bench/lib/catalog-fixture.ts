import type { ProjectFields as ProjectInput } from '../../src/model/project.js';

/**
 * A deterministic, varied catalog of `n` projects for load tests: realistic sizes (a few
 * hundred words of Markdown, 3–5 tags, images) and enough spread over every filter.
 */
export function generateCatalog(n: number, seed = 42): ProjectInput[] {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32: a tiny seeded PRNG so every run benchmarks the same catalog.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const count = min + Math.floor(next() * (max - min + 1));
    return [...new Set(Array.from({ length: count }, () => pick(list)))];
  };
  const adjectives = ['Atlas', 'Harbor', 'Ledger', 'Meridian', 'Kestrel', 'Fernwood', 'Polar', 'Gridwise', 'Saltmarsh', 'Lakemont', 'Cobalt', 'Sunward', 'Brightpath', 'Swiftline', 'Alder', 'Northern', 'Eastmere', 'Lingolamp', 'Voltapoint', 'Hillcrest'];
  const nouns = ['Trip Planner', 'Booking Portal', 'Payments Dashboard', 'Online Collection', 'Storefront', 'Learning Platform', 'Sensor Monitoring', 'Forecasting', 'Design System', 'Volunteer Scheduler', 'Companion App', 'Permits Portal', 'Audio Guide', 'Course Finder', 'Dispatch Console', 'Quote Tool', 'Donations', 'Claims Assistant', 'Ticketing', 'Loyalty App'];
  const industries = ['public-sector', 'healthcare', 'fintech', 'culture', 'retail', 'education', 'logistics', 'energy', 'media', 'nonprofit'];
  const services = ['ux-research', 'product-design', 'web-development', 'mobile-development', 'content-strategy', 'data-engineering', 'devops', 'ai-integration', 'brand-identity'];
  const technologies = ['typescript', 'react', 'go', 'postgresql', 'redis', 'python', 'aws', 'next.js', 'svelte', 'kotlin', 'swift', 'terraform', 'elixir', 'rust', 'graphql', 'flutter'];
  const tags = ['accessibility', 'realtime', 'localization', 'maps', 'booking', 'dashboard', 'payments', 'mobile', 'search', 'open-source', 'e-commerce', 'performance', 'offline-first', 'forms', 'notifications', 'ai-assistant', 'data-visualization', 'sustainability'];
  const words = 'we designed built shipped a fast accessible service for riders patients readers donors with live data offline support and plain language that cut support calls by half while meeting wcag every release'.split(' ');
  const sentence = () => {
    const s = Array.from({ length: 8 + Math.floor(next() * 10) }, () => pick(words)).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };

  return Array.from({ length: n }, (_, i) => {
    const title = `${pick(adjectives)} ${pick(nouns)} ${i + 1}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const year = 2010 + Math.floor(next() * 17);
    const published = next() > 0.05;
    const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
    return {
      slug,
      title,
      summary: `${sentence()} ${sentence()}`.slice(0, 280),
      description: Array.from({ length: 3 }, () => `${sentence()} ${sentence()} ${sentence()}`).join('\n\n') + `\n\n- ${sentence()}\n- ${sentence()}`,
      client: next() > 0.2 ? `${pick(adjectives)} ${pick(['Group', 'Trust', 'Council', 'Labs', 'Co-op'])}` : null,
      industry: pick(industries),
      services: some(services, 1, 3),
      technologies: some(technologies, 2, 5),
      tags: some(tags, 2, 5),
      year,
      featured: next() > 0.9,
      url: next() > 0.3 ? `https://${slug}.example` : null,
      images: Array.from({ length: 1 + Math.floor(next() * 3) }, (_, k) => ({ url: `/images/${slug}/${k + 1}.svg`, alt: sentence(), width: 1600, height: 1000 })),
      published_at: published ? `${year}-${month}-${day}T09:00:00Z` : null,
    };
  });
}
