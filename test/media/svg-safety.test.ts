import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsafeSvgReason } from '../../src/media/sniff.js';

const svg = (body: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${attrs}>${body}</svg>`;

describe('a logo SVG is shown only if it can run and fetch nothing', () => {
  it('accepts what editors write: metadata namespaces, gradients, internal references, animation of shapes', () => {
    const inkscape = `<?xml version="1.0"?>\n<!-- Created with Inkscape -->\n${svg(
      '<sodipodi:namedview id="nv" inkscape:zoom="1"/><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>' +
        '<g inkscape:label="Layer 1"><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#g"/><circle r="3"><animate attributeName="r" values="3;4;3" dur="2s" repeatCount="indefinite"/></circle></g>' +
        '<style>.a{fill:url(#g)}</style><title>Logo</title>',
      ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"',
    )}`;
    assert.equal(unsafeSvgReason(inkscape), null);
  });

  for (const [what, text] of [
    ['a script', svg('<script>alert(1)</script>')],
    ['a script under another prefix bound to SVG', svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>')],
    ['a self-closing script', svg('<script href="#x"/>')],
    ['an XHTML iframe', svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml"></h:iframe>')],
    ['foreign content', svg('<foreignObject><div/></foreignObject>')],
    ['an event handler', svg('<rect onclick="alert(1)"/>')],
    ['a prefixed event handler', svg('<rect x:onload="alert(1)"/>')],
    ['an animated href (value hidden by character references)', svg('<a><animate attributeName="href" values="&#106;avascript:alert(1)"/><text>x</text></a>')],
    ['a set of xlink:href', svg('<a><set attributeName="xlink:href" to="https://evil.example"/></a>')],
    ['an outside image', svg('<image href="https://evil.example/x.png"/>')],
    ['a stylesheet import', svg('<style>@import "https://evil.example/a.css";</style>')],
    ['an outside url()', svg('<rect style="fill:url(https://evil.example/p)"/>')],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`],
  ] as const) {
    it(`refuses ${what}`, () => {
      assert.ok(unsafeSvgReason(text), text);
    });
  }
});
