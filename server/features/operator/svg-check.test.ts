import { describe, expect, it } from 'vitest';
import { svgRefusal } from './svg-check';

const svg = (inner: string, attributes = '') =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;

describe('the SVG check of picture uploads', () => {
  it('takes a plain logo: shapes, a gradient, inner references, inline style, an embedded PNG', () => {
    const logo = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)}</style><rect class="a" width="10" height="10" fill="url( \'#g\' )"/>' +
        '<use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>' +
        '<text font-family="Montserrat">Копилка</text>',
      ' viewBox="0 0 10 10"',
    );
    expect(svgRefusal(logo)).toBeNull();
  });

  it('takes animations of what only draws (opacity, a transform)', () => {
    const animated = svg(
      '<rect width="1"><animate attributeName="opacity" values="0;1" dur="1s"/>' +
        '<animateTransform attributeName="transform" type="rotate" to="360"/>' +
        '<set attributeName="fill" to="#fff"/></rect><style>.a{content:"\\2014"}</style>',
    );
    expect(svgRefusal(animated)).toBeNull();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    [
      'a script under a namespace prefix',
      svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'),
    ],
    ['a foreignObject under a prefix', svg('<s:foreignObject xmlns:s="http://www.w3.org/2000/svg"/>')],
    ['an event handler', svg('', ' onload="alert(1)"')],
    ['an event handler after a quote', svg('<rect width="1"onclick="alert(1)"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    [
      'a javascript: link in character references',
      svg('<a href="&#106;ava&#x73;cript:alert(1)"><rect/></a>'),
    ],
    ['a javascript: link split by a tab', svg('<a href="java&#9;script:alert(1)"><rect/></a>')],
    ['an animation that sets javascript:', svg('<set attributeName="href" to="javascript:alert(1)"/>')],
    ['an entity definition', `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]>${svg('&x;')}`],
    ['an external xlink:href', svg('<use xlink:href="https://evil.example/sprite.svg#a"/>')],
    ['an external image', svg('<image href="//evil.example/track.png"/>')],
    ['a nested SVG document', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['a CSS url() elsewhere', svg('<style>rect{fill:url(https://evil.example/x)}</style>')],
    ['a CSS url() in a style attribute', svg('<rect style="background:url(\'//evil.example/x\')"/>')],
    ['a CSS @import', svg('<style>@import "https://evil.example/x.css";</style>')],
    // Issue 26 item 9: animations that set a handler or a link, CSS escapes, and CSS's other ways to fetch.
    ['an animation that sets an event handler', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
    [
      'an animation of a prefixed handler',
      svg('<animate attributeName = \' x:onclick\' values="alert(1)"/>'),
    ],
    [
      'an animation that points a link elsewhere',
      svg('<animate attributeName="xlink:href" values="#a;https://evil.example"/>'),
    ],
    ['an animation of src', svg('<set attributeName="src" to="https://evil.example/x"/>')],
    ['an escaped @import', svg('<style>@im\\port "https://evil.example/x.css";</style>')],
    ['a hex-escaped @import', svg('<style>@\\69mport "https://evil.example/x.css";</style>')],
    ['an @import split by a comment', svg('<style>@im/**/port "https://evil.example/x.css";</style>')],
    ['an escaped url()', svg('<style>rect{fill:u\\rl(https://evil.example/x)}</style>')],
    ['a hex-escaped url()', svg('<rect style="fill:\\75 rl(//evil.example/x)"/>')],
    ['a CSS image-set()', svg('<style>rect{fill:image-set("https://evil.example/x.png" 1x)}</style>')],
  ])('refuses %s', (_, text) => {
    expect(svgRefusal(text)).toMatch(/^SVG /);
  });
});
