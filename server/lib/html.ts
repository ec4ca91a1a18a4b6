/** Plain server-rendered pages (the sandbox bank pages, the cheque): no script at all, so the CSP holds. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:.75rem 0 .25rem}input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1.2rem;margin:1rem .5rem 0 0;cursor:pointer}
.sum{font-size:1.5rem;font-weight:600}.note{color:#555;font-size:.9rem}.error{color:#a00000}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0}`;

/** A whole page; `body` is already escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}
