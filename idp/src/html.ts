// HTML building blocks: an escaping template tag and the branded page layout (inline CSS, no
// external assets: the idp must work offline and pages must not leak requests elsewhere).

/** Markup that is already safe to emit as-is. Only `html` and `raw` create it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Template tag: every interpolated value is escaped unless it is SafeHtml (a nested `html`
 * fragment). Attribute values must be quoted in the template; escaping covers both quote kinds.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup produced elsewhere (e.g. oidc-provider's own hidden-field forms). */
export const raw = (markup: string) => new SafeHtml(markup);

const LOGO = raw(`<svg class="logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
<rect width="32" height="32" rx="8" fill="#1f6b3a"/>
<path d="M6 17c3-6 8-10 16-12" stroke="#6cc07a" stroke-width="2.5" fill="none" stroke-linecap="round"/>
<path d="M6 22c4-6 8-9 20-12" stroke="#9fd8a8" stroke-width="2.5" fill="none" stroke-linecap="round"/>
<path d="M6 27c5-4 10-6 20-7" stroke="#d3f0d7" stroke-width="2.5" fill="none" stroke-linecap="round"/>
</svg>`);

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f6b3a"/><path d="M6 22c4-6 8-9 20-12" stroke="#d3f0d7" stroke-width="3" fill="none" stroke-linecap="round"/></svg>')}`;

const CSS = `
:root{--green-900:#133a22;--green-700:#1f6b3a;--green-600:#23804a;--ink:#17211c;--muted:#56655d;--line:#cfd9d3;
--danger:#a3221b;--danger-bg:#fdeceb;--ok:#1f6b3a;--ok-bg:#e8f5ec;--radius:14px;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:var(--ink)}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;background:linear-gradient(160deg,#f4f9f5 0%,#e2eee6 100%)}
.shell{margin:auto;width:100%;max-width:440px;padding:32px 16px}
.shell.wide{max-width:1040px}
.card{background:#fff;border-radius:var(--radius);padding:32px 28px;box-shadow:0 1px 2px rgba(19,58,34,.06),0 12px 32px rgba(19,58,34,.10)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 28px;font-weight:700;font-size:1.3rem;letter-spacing:-.01em;color:var(--green-900)}
h1{font-size:1.55rem;line-height:1.25;margin:0 0 6px;letter-spacing:-.015em}
.lede{color:var(--muted);margin:0 0 24px}
.field{margin:0 0 18px}
label{display:block;font-weight:600;font-size:.92rem;margin:0 0 6px}
input{width:100%;font:inherit;font-size:1rem;padding:11px 12px;border:1px solid var(--line);border-radius:9px;background:#fff;color:var(--ink);transition:border-color .15s,box-shadow .15s}
input:focus{outline:none;border-color:var(--green-600);box-shadow:0 0 0 3px rgba(35,128,74,.25)}
input[aria-invalid="true"]{border-color:var(--danger)}
.hint{font-size:.85rem;color:var(--muted);margin:6px 0 0}
.button{display:block;width:100%;font:inherit;font-weight:600;font-size:1rem;padding:12px 16px;margin:6px 0 0;border:0;border-radius:9px;background:var(--green-700);color:#fff;cursor:pointer;text-align:center;text-decoration:none}
.button:hover{background:var(--green-900)}
.button:focus-visible,a:focus-visible{outline:3px solid rgba(35,128,74,.5);outline-offset:2px}
.alert{border-radius:9px;padding:10px 12px;margin:0 0 18px;font-size:.95rem;background:var(--danger-bg);color:var(--danger);border:1px solid rgba(163,34,27,.2)}
.alert.ok{background:var(--ok-bg);color:var(--ok);border-color:rgba(31,107,58,.2)}
.alt{text-align:center;margin:22px 0 0;color:var(--muted)}
a{color:var(--green-700);font-weight:600;text-underline-offset:2px}
a:hover{color:var(--green-900)}
.footnote{text-align:center;color:var(--muted);font-size:.8rem;margin:18px 0 0}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.92rem}
th,td{text-align:left;padding:10px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.78rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.link{word-break:break-all}
.empty{color:var(--muted);text-align:center;padding:24px 0}
@media (max-width:520px){
body{background:#fff}
.shell{padding:0}
.card{min-height:100vh;border-radius:0;box-shadow:none;padding:28px 20px}
}
`;

export interface LayoutOptions {
  title: string;
  body: SafeHtml;
  /** Wider card, for tables (the dev mailbox). */
  wide?: boolean;
}

export function layout({ title, body, wide = false }: LayoutOptions): string {
  return `<!doctype html>${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Paddock</title>
        <link rel="icon" href="${FAVICON}" />
        <style>
          ${raw(CSS)}
        </style>
      </head>
      <body>
        <main class="${wide ? 'shell wide' : 'shell'}">
          <div class="card">
            <div class="brand">${LOGO}<span>Paddock</span></div>
            ${body}
          </div>
          <p class="footnote">Paddock local sign-in service (development)</p>
        </main>
      </body>
    </html>`.value
  }`;
}
