/**
 * window.getComputedStyle for the jsdom tests, as testing-library and user-event use it. Their role
 * queries ask every candidate element and its descendants for `display` and `visibility` (is it
 * hidden? is it inline, for the accessible name's spaces?), and user-event asks every clicked element
 * and its ancestors for `pointer-events`. jsdom answers each by matching the element against its whole
 * default stylesheet, and forgets every answer on any change to the document, a text's included: about
 * a fifth of a flow test's CPU went there.
 *
 * The tests load no stylesheet (vitest leaves CSS files out), so those three properties follow from the
 * element alone: its inline style, its tag and the `hidden` attribute (jsdom's default stylesheet,
 * browser/default-stylesheet.css), and for the two inherited ones its ancestors. Those are answered here;
 * every other property, a pseudo-element, a document with a stylesheet, an element the table below does
 * not cover (dialog, details, popover, …) goes to jsdom's own getComputedStyle. tests/flows/light-style
 * .test.tsx checks both give the same answers for every element of the app's pages.
 */

const NONE = new Set('area base basefont datalist head link meta noembed noframes param rp script style template title'.split(' '));

const DISPLAY = new Map<string, string>([
  ...'html body address blockquote center div figure figcaption footer form header hr legend listing main p plaintext pre search xmp article aside h1 h2 h3 h4 h5 h6 hgroup nav section dir dd dl dt menu ol ul fieldset'
    .split(' ')
    .map((t) => [t, 'block'] as const),
  ['li', 'list-item'],
  ['table', 'table'],
  ['caption', 'table-caption'],
  ['colgroup', 'table-column-group'],
  ['col', 'table-column'],
  ['thead', 'table-header-group'],
  ['tbody', 'table-row-group'],
  ['tfoot', 'table-footer-group'],
  ['tr', 'table-row'],
  ['td', 'table-cell'],
  ['th', 'table-cell'],
  ['input', 'inline-block'],
  ['button', 'inline-block'],
]);

/** Elements whose default display depends on more than the tag and `hidden` (or on scripting): jsdom's. */
const ASK_JSDOM = new Set(['dialog', 'details', 'summary', 'slot', 'ruby', 'rt', 'marquee', 'noscript', 'embed']);

/** Table parts that a `hidden` attribute makes `visibility: collapse`. */
const COLLAPSE = new Set(['colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr']);

const inline = (el: Element, property: string): string =>
  el.hasAttribute('style') ? (el as HTMLElement).style.getPropertyValue(property).trim().toLowerCase() : '';

/** Whether the element is one this module answers for; else jsdom is asked. */
function covered(el: Element): boolean {
  if (ASK_JSDOM.has(el.localName) || el.hasAttribute('popover')) return false;
  const hidden = el.getAttribute('hidden');
  return hidden === null || hidden.toLowerCase() !== 'until-found';
}

function display(el: Element): string | null {
  const tag = el.localName;
  if (tag === 'input' && (el.getAttribute('type') ?? '').toLowerCase() === 'hidden') return 'none'; // !important
  const own = inline(el, 'display');
  if (own === 'inherit') return el.parentElement ? displayOrAsk(el.parentElement) : 'inline';
  if (own === 'initial' || own === 'unset') return 'inline';
  if (own.startsWith('revert')) return null;
  if (own) return own;
  if (el.hasAttribute('hidden') || NONE.has(tag)) return 'none';
  return DISPLAY.get(tag) ?? 'inline';
}

/** A parent's display (light() asks only for elements whose ancestors are all covered). */
function displayOrAsk(el: Element): string {
  return display(el) ?? jsdomComputedStyle(el.ownerDocument.defaultView!)(el).display;
}

/** An inherited property: the nearest value up the tree, inline or from the default stylesheet (`ua`), else `initial`. */
function inherited(el: Element, property: string, ua: (el: Element) => string | null, initial: string): string {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const own = inline(e, property);
    if (own && own !== 'inherit' && own !== 'unset') return own === 'initial' ? initial : own;
    if (!own) {
      const fromUa = ua(e);
      if (fromUa) return fromUa;
    }
  }
  return initial;
}

const collapse = (el: Element) => (COLLAPSE.has(el.localName) && el.hasAttribute('hidden') ? 'collapse' : null);
const noUa = () => null;

/** The light answer for one of the three properties, or undefined to ask jsdom. */
function answer(el: Element, property: string): string | undefined {
  switch (property) {
    case 'display':
      return display(el) ?? undefined;
    case 'visibility':
      return inherited(el, 'visibility', collapse, 'visible');
    case 'pointer-events':
    case 'pointerEvents':
      return inherited(el, 'pointer-events', noUa, 'auto');
    default:
      return undefined;
  }
}

const jsdomOwn = new WeakMap<Window, Window['getComputedStyle']>();

/** jsdom's own getComputedStyle of a window the light one is installed on (the parity test compares the two). */
export function jsdomComputedStyle(win: Window): Window['getComputedStyle'] {
  return jsdomOwn.get(win) ?? win.getComputedStyle.bind(win);
}

/** Installs the light getComputedStyle on a jsdom window (tests/setup-dom.ts). */
export function installLightComputedStyle(win: Window & typeof globalThis): void {
  if (jsdomOwn.has(win)) return;
  const real = win.getComputedStyle.bind(win);
  jsdomOwn.set(win, real);
  const light = (el: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (pseudo || !(el instanceof win.Element) || !el.isConnected || win.document.styleSheets.length > 0 || !covered(el) || !ancestorsCovered(el))
      return real(el, pseudo);
    let full: CSSStyleDeclaration | undefined;
    const jsdom = () => (full ??= real(el));
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, prop) {
        if (prop === 'getPropertyValue') return (name: string) => answer(el, name) ?? jsdom().getPropertyValue(name);
        if (typeof prop === 'string') {
          const own = answer(el, prop);
          if (own !== undefined) return own;
        }
        const v = Reflect.get(jsdom(), prop) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(jsdom()) : v;
      },
    });
  };
  win.getComputedStyle = light as typeof win.getComputedStyle;
}

/** An inherited property passes through ancestors: each of them must be one this module reads. */
function ancestorsCovered(el: Element): boolean {
  for (let e = el.parentElement; e; e = e.parentElement) if (!covered(e)) return false;
  return true;
}
