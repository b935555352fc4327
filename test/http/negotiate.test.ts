import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptQuality, negotiate, prefersHtml } from '../../src/http/requests/negotiate.js';

const CHROME = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

describe('RFC 9110 §12.5.1 Accept negotiation', () => {
  it('takes the quality from the most specific matching range', () => {
    assert.equal(acceptQuality('text/*;q=0.5, text/html;q=0.2, */*', 'text/html'), 0.2);
    assert.equal(acceptQuality('text/*;q=0.5, */*;q=0.1', 'text/markdown'), 0.5);
    assert.equal(acceptQuality('application/json', 'text/html'), 0);
    assert.equal(acceptQuality(undefined, 'text/html'), 1);
  });

  it('sends browsers HTML and everyone else problem+json', () => {
    assert.equal(prefersHtml(CHROME), true);
    assert.equal(prefersHtml('*/*'), false, 'curl');
    assert.equal(prefersHtml(undefined), false);
    assert.equal(prefersHtml('application/json'), false);
    assert.equal(prefersHtml('application/json, text/html;q=0.9'), false);
  });

  it('serves Markdown only when it is ranked above HTML (a page offers HTML first)', () => {
    const page = (accept: string) => negotiate(accept, ['text/html', 'text/markdown'] as const);
    assert.equal(page('text/markdown'), 'text/markdown');
    assert.equal(page('text/markdown, text/html;q=0.5'), 'text/markdown');
    assert.equal(page(CHROME), 'text/html');
    assert.equal(page('*/*'), 'text/html');
  });
});
