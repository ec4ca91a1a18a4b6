/*
 * What an uploaded SVG may hold (decision 032). An SVG is a document: opened at its own address it could run
 * scripts and fetch from elsewhere (the pictures route's CSP `default-src 'none'; sandbox` stops that, this check
 * is the second wall). A logo needs shapes, gradients, inline styles and references inside itself (`#id`) or to
 * an embedded raster picture; anything else is refused rather than cleaned.
 */

/** The text with character references (`&#106;`, `&#x6A;`) written out, so none can hide a word below. */
function decodeReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (_, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
  });
}

/**
 * The text as CSS reads it: escapes written out (`@im\port`, `\75 rl(`) and comments dropped
 * (`@im/**\/port`), so neither hides `@import` or `url(` below.
 */
function decodeCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\\r?\n/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_, hex: string) => {
      const point = parseInt(hex, 16);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '\ufffd';
    })
    .replace(/\\(.)/g, '$1');
}

/** Elements that run, embed or fetch, with any namespace prefix (`<svg:script>` is a script too). */
const ACTIVE_ELEMENT =
  /<\s*(?:[\w.-]+:)?(?:script|foreignObject|iframe|embed|object|handler|listener|base)\b/i;
/** An event handler attribute (`onload=`, `onclick =`), after a space, a quote or a slash. */
const EVENT_HANDLER = /[\s"'/](?:[\w.-]+:)?on[a-z]+\s*=/i;
/** Entity definitions can spell out anything (and expand without end). */
const ENTITY = /<!ENTITY/i;
const SCRIPT_SCHEME = /(?:java|vb)script:/i;
/**
 * An animation (`<set>`, `<animate>`) that sets an event handler or a link: `<set attributeName="onmouseover"
 * to="alert(1)">` runs as if the attribute were written; animating what only draws (opacity, fill) is fine.
 */
const ANIMATED_ACTIVE = /attributeName\s*=\s*["']?\s*(?:[\w.-]+:)?(?:on[a-z]|href|src\b)/i;
/** CSS that fetches without `url(`: `image-set("…")` takes bare strings; old IE's `expression()` runs. */
const CSS_FETCH = /(?:image-set|expression|src)\s*\(|@import/i;
/** Every `href`, `xlink:href` and `src` attribute's value. */
const REFERENCE = /[\s"'/](?:[\w.-]+:)?(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi;
/** Every CSS `url(…)`'s argument (read in the decoded CSS). */
const CSS_URL = /url\s*\(\s*["']?\s*([^"')\s]*)/gi;
const INNER = /^(?:#|data:image\/(?:png|jpeg|gif|webp)[;,])/i;

/** Why the SVG is refused, or null when it holds nothing active and nothing from elsewhere. */
export function svgRefusal(raw: string): string | null {
  const text = decodeReferences(raw);
  const css = decodeCss(text);
  // Control characters and spaces split `java\tscript:` for a browser but not for a pattern.
  const squeezed = [...text].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
  if (
    ENTITY.test(text) ||
    ACTIVE_ELEMENT.test(text) ||
    EVENT_HANDLER.test(text) ||
    ANIMATED_ACTIVE.test(text) ||
    SCRIPT_SCHEME.test(squeezed) ||
    SCRIPT_SCHEME.test(css)
  ) {
    return 'SVG со скриптами, обработчиками событий или ссылками javascript: не принимается';
  }
  const references = [...text.matchAll(REFERENCE)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim());
  const urls = [...css.matchAll(CSS_URL)].map((m) => (m[1] ?? '').trim());
  if (CSS_FETCH.test(css) || [...references, ...urls].some((target) => !INNER.test(target))) {
    return 'SVG со ссылками на другие файлы или адреса не принимается: встройте всё в сам файл';
  }
  return null;
}
