import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiProject } from '../../src/catalog/api-project.js';
import { projectJsonLd, serializeJsonLd } from '../../src/pages/json-ld.js';

const project: ApiProject = {
  id: 'prj_1',
  slug: 'x',
  title: '</script><script>alert(1)</script>',
  summary: 'A & B <i>',
  description: '',
  client: 'Client\u2028Name',
  industry: 'retail',
  services: ['web-development'],
  technologies: ['typescript'],
  tags: ['e-commerce'],
  year: 2024,
  featured: false,
  url: 'https://shop.example',
  images: [{ url: 'https://v.example/images/x/1.svg', alt: 'Shop', caption: null, width: 1600, height: 1000, media: null, placeholder: null, variants: [] }],
  links: { self: 'https://v.example/api/v1/projects/x', html: 'https://v.example/projects/x' },
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-02-01T00:00:00Z',
  published_at: '2024-01-15T00:00:00Z',
};

describe('Schema.org CreativeWork JSON-LD', () => {
  it('describes the project as a CreativeWork with its page, dates, client and images', () => {
    const doc = projectJsonLd(project, { name: 'Studio', baseUrl: 'https://v.example' });
    assert.equal(doc['@context'], 'https://schema.org');
    assert.equal(doc['@type'], 'CreativeWork');
    assert.equal(doc.url, 'https://v.example/projects/x');
    assert.equal(doc.datePublished, '2024-01-15T00:00:00Z');
    assert.deepEqual(doc.sponsor, { '@type': 'Organization', name: 'Client\u2028Name' });
    assert.deepEqual(doc.creator, { '@type': 'Organization', '@id': 'https://v.example/#organization', name: 'Studio', url: 'https://v.example/' }, 'the studio, the same node as the home page\'s Organization');
    assert.equal((doc.image as { contentUrl: string }[])[0]!.contentUrl, 'https://v.example/images/x/1.svg');
  });

  it('serializes without any character that could end the script element, and parses back identically', () => {
    const doc = projectJsonLd(project, { name: 'Studio', baseUrl: 'https://v.example' });
    const text = serializeJsonLd(doc);
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(text), doc);
  });
});
