/**
 * A mail's own HTML shown in the app, safely: parsed inert (DOMParser runs no script and loads
 * nothing), rebuilt from an allowlist of text and table tags, links only http(s)/mailto opening in a
 * new tab, inline styles carried over through the CSSOM (the app's CSP refuses style attributes in
 * markup, and a srcdoc frame would inherit that CSP and lose the mail's look), none that loads
 * anything (url(…)). Into a shadow root, so the app's CSS and the mail's styles do not mix.
 */
const KEEP = new Set([
  'p',
  'div',
  'span',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'hr',
  'small',
  'blockquote',
  'pre',
  'code',
]);
/** Dropped with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'img',
  'picture',
  'video',
  'audio',
  'svg',
  'math',
  'template',
  'noscript',
  'title',
  'head',
]);
const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'align'];

/**
 * Style attributes renamed before parsing: Chromium checks even an inert parse against the page's
 * CSP (style-src 'self') and logs each one as a violation. Unquoted values are dropped.
 */
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+)/gi;
const renamedStyles = (html: string) => html.replace(STYLE_ATTRIBUTE, (_m, v: string) => (/^["']/.test(v) ? ` data-mail-style=${v}` : ''));

function copyStyle(from: Element, to: HTMLElement): void {
  const style = from.getAttribute('data-mail-style');
  if (style && !/url\s*\(|expression\s*\(|@import/i.test(style)) to.style.cssText = style;
}

function cleanNode(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  if (!KEEP.has(tag)) {
    // An unknown wrapper: its content stays, the tag goes.
    const frag = doc.createDocumentFragment();
    appendClean(el, frag, doc);
    return frag;
  }
  const out = doc.createElement(tag);
  copyStyle(el, out);
  if (tag === 'a') {
    const href = (el.getAttribute('href') ?? '').trim();
    if (/^(https?:|mailto:)/i.test(href)) {
      out.setAttribute('href', href);
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const name of CELL_ATTRIBUTES) {
    const v = el.getAttribute(name);
    if (v !== null && /^[\w-]{1,10}$/.test(v)) out.setAttribute(name, v);
  }
  appendClean(el, out, doc);
  return out;
}

function appendClean(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    const clean = cleanNode(child, doc);
    if (clean) to.appendChild(clean);
  }
}

/** The mail's body, cleaned, as the only content of `into`. */
export function renderMailHtml(html: string, into: ShadowRoot | HTMLElement): void {
  const doc = into.ownerDocument ?? document;
  const parsed = new DOMParser().parseFromString(renamedStyles(html), 'text/html');
  const body = doc.createElement('div');
  copyStyle(parsed.body, body);
  appendClean(parsed.body, body, doc);
  into.replaceChildren(body);
}
