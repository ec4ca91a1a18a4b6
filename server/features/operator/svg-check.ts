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

/** Elements that run, embed or fetch, with any namespace prefix (`<svg:script>` is a script too). */
const ACTIVE_ELEMENT =
  /<\s*(?:[\w.-]+:)?(?:script|foreignObject|iframe|embed|object|handler|listener|base)\b/i;
/** An event handler attribute (`onload=`, `onclick =`), after a space, a quote or a slash. */
const EVENT_HANDLER = /[\s"'/](?:[\w.-]+:)?on[a-z]+\s*=/i;
/** Entity definitions can spell out anything (and expand without end). */
const ENTITY = /<!ENTITY/i;
const SCRIPT_SCHEME = /(?:java|vb)script:/i;
/** Every `href`, `xlink:href` and `src` attribute's value. */
const REFERENCE = /[\s"'/](?:[\w.-]+:)?(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi;
/** Every CSS `url(…)`'s argument, and `@import`. */
const CSS_URL = /url\s*\(\s*["']?\s*([^"')\s]*)/gi;
const INNER = /^(?:#|data:image\/(?:png|jpeg|gif|webp)[;,])/i;

/** Why the SVG is refused, or null when it holds nothing active and nothing from elsewhere. */
export function svgRefusal(raw: string): string | null {
  const text = decodeReferences(raw);
  // Control characters and spaces split `java\tscript:` for a browser but not for a pattern.
  const squeezed = [...text].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
  if (
    ENTITY.test(text) ||
    ACTIVE_ELEMENT.test(text) ||
    EVENT_HANDLER.test(text) ||
    SCRIPT_SCHEME.test(squeezed)
  ) {
    return 'SVG со скриптами, обработчиками событий или ссылками javascript: не принимается';
  }
  const references = [...text.matchAll(REFERENCE)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim());
  const urls = [...text.matchAll(CSS_URL)].map((m) => (m[1] ?? '').trim());
  if (/@import/i.test(text) || [...references, ...urls].some((target) => !INNER.test(target))) {
    return 'SVG со ссылками на другие файлы или адреса не принимается: встройте всё в сам файл';
  }
  return null;
}
