import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownText, renderInline, renderMarkdown, safeHref } from '../../src/pages/markdown.js';

describe('Markdown descriptions render a safe subset', () => {
  it('renders paragraphs, lists, headings, bold, italic, inline code and block quotes', () => {
    const html = renderMarkdown('# Goals\n\nWe **shipped** it _fast_ with `tsc`.\nSame paragraph.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted *words*');
    assert.equal(
      html,
      [
        '<h3>Goals</h3>',
        '<p>We <strong>shipped</strong> it <em>fast</em> with <code>tsc</code>. Same paragraph.</p>',
        '<ul><li>one</li><li>two</li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
        '<blockquote><p>quoted <em>words</em></p></blockquote>',
      ].join('\n'),
    );
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(2)> & "quotes"');
    assert.equal(html, '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;</p>');
  });

  it('keeps links only for http(s) and site-relative targets, with rel="noopener" on external ones', () => {
    assert.equal(renderInline('[site](https://example.com/a?b=1&c=2)'), '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow">site</a>');
    assert.equal(renderInline('[catalog](/projects/x)'), '<a href="/projects/x">catalog</a>');
    assert.equal(renderInline('[x](javascript:alert(1))'), 'x', 'javascript: never becomes an href');
    assert.equal(renderInline('[X](https://en.wikipedia.org/wiki/X_(y)) and more'), '<a href="https://en.wikipedia.org/wiki/X_(y)" rel="noopener nofollow">X</a> and more', 'balanced parentheses stay in the URL (CommonMark §6.3)');
    assert.equal(renderInline('(see [docs](/docs))'), '(see <a href="/docs">docs</a>)');
    assert.equal(renderInline('[x](data:text/html,hi)'), 'x');
    assert.equal(renderInline('[x](//evil.example/)'), 'x', 'protocol-relative URLs are not same-site');
    assert.equal(safeHref('JAVASCRIPT:alert(1)'), null);
  });

  it('escapes attribute breakouts inside link text and URLs', () => {
    assert.equal(renderInline('[<b>"x"</b>](https://e.example/"onmouseover=alert(1))'), '<a href="https://e.example/&quot;onmouseover=alert(1)" rel="noopener nofollow">&lt;b&gt;&quot;x&quot;&lt;/b&gt;</a>');
  });

  it('renders fenced code verbatim and escaped', () => {
    assert.equal(renderMarkdown('```\n<b>bold</b> **not**\n```'), '<pre><code>&lt;b&gt;bold&lt;/b&gt; **not**</code></pre>');
  });

  it('does not treat underscores inside words as emphasis', () => {
    assert.equal(renderInline('snake_case_name'), 'snake_case_name');
  });

  it('markdownText keeps the words and drops the markup', () => {
    assert.equal(markdownText('We build **transit planners** & [guides](https://x.example)\n\n- one\n- two `<b>`'), 'We build transit planners & guides one two <b>');
  });
});
