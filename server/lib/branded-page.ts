import { escapeHtml } from './html';

/**
 * The brand's own server-rendered pages (the till's page, the cheque): the logo and the title in a bar of the
 * brand's colour, buttons and fields in its colours, cards for blocks. No script at all (decision 004); the
 * styles are one inline <style> (the CSP allows inline styles), so the page needs nothing else to look right.
 */
export interface PageBrand {
  title: string;
  colorPrimary: string;
  colorPrimaryDark: string;
  colorOnPrimary: string;
  colorAccent: string;
}

/** Where the brand's logo is served (the picture `xxhdpi_logo_small`: server/features/settings/service.ts). */
export const BRAND_LOGO_URL = '/api/proxy/pictures/xxhdpi_logo_small';

// The settings' schema allows only #RRGGBB; anything else (a hand-edited row) falls back, never reaching CSS.
const colour = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2329;background:#f3f5f4}
.brand-bar{background:var(--primary);color:var(--on-primary);padding:.6rem 1rem}
.brand-bar__inner{max-width:var(--width);margin:0 auto;display:flex;align-items:center;gap:.75rem}
.brand-bar img{height:2.25rem;width:auto;max-width:8rem;background:#fff;border-radius:.5rem;padding:.2rem .35rem}
.brand-bar__title{font-weight:700;font-size:1.05rem;flex:1;min-width:0;overflow-wrap:anywhere}
.brand-bar__aside{font-size:.9rem;opacity:.92}
main{max-width:var(--width);margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.25rem 0 1rem;line-height:1.25}h2{font-size:1.1rem;margin:0 0 .75rem}
.card{background:#fff;border-radius:.9rem;padding:1rem 1.1rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(16,24,32,.12)}
label{display:block;font-weight:600;margin:.75rem 0 .3rem}
input{font:inherit;width:100%;padding:.65rem .75rem;border:1px solid #9aa5ae;border-radius:.6rem;background:#fff}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button,.button{font:inherit;font-weight:600;display:inline-block;padding:.65rem 1.1rem;border-radius:.6rem;
border:2px solid var(--primary);background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none;
margin:.75rem .5rem 0 0;min-height:2.75rem}
button:hover,.button:hover{background:var(--primary-dark);border-color:var(--primary-dark)}
button.secondary,.button.secondary{background:#fff;color:var(--primary-dark)}
button.secondary:hover,.button.secondary:hover{background:#eef3ef}
button.danger{background:#fff;color:#a4161a;border-color:#a4161a}button.danger:hover{background:#fbeaea}
.buttons{display:flex;flex-wrap:wrap;gap:.5rem}.buttons button,.buttons .button{margin:0}
.note{color:#55606a;font-size:.9rem;margin:.4rem 0 0}
.notice{border-radius:.7rem;padding:.75rem 1rem;margin:0 0 1rem;font-weight:600}
.ok{background:#e7f4ea;color:#14532d;border-left:.35rem solid #1f7a3a}
.error{background:#fdecec;color:#8a1116;border-left:.35rem solid #b3261e}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0}dt{color:#55606a}dd{margin:0;font-weight:600}
.sum{font-size:1.75rem;font-weight:700;margin:.25rem 0 .75rem}
fieldset{border:1px solid #d5dbe0;border-radius:.7rem;margin:1rem 0 0;padding:.25rem 1rem 1rem}
legend{font-weight:600;padding:0 .35rem}`;

/** A whole page in the brand's look; `body` is already escaped HTML. `width`: the content's largest width. */
export function brandedPage(
  title: string,
  body: string,
  brand: PageBrand,
  options: { width?: string; aside?: string; extraStyle?: string } = {},
): string {
  const vars = `:root{--primary:${colour(brand.colorPrimary, '#2e7d32')};--primary-dark:${colour(brand.colorPrimaryDark, '#1b5e20')};--on-primary:${colour(brand.colorOnPrimary, '#ffffff')};--accent:${colour(brand.colorAccent, '#f9a825')};--width:${options.width ?? '40rem'}}`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(brand.title)}</title><style>${vars}
${STYLE}${options.extraStyle ?? ''}</style></head>
<body><header class="brand-bar"><div class="brand-bar__inner">
<img src="${BRAND_LOGO_URL}" alt="" width="72" height="36"><span class="brand-bar__title">${escapeHtml(brand.title)}</span>
${options.aside ? `<span class="brand-bar__aside">${escapeHtml(options.aside)}</span>` : ''}</div></header>
<main>${body}</main></body></html>`;
}
