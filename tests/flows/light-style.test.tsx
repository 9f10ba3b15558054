/**
 * The jsdom tests' light getComputedStyle (tests/harness/light-style.ts) against jsdom's own, for the
 * three properties it answers: every element of the app's read pages, and elements made to test each
 * rule (hidden, inline styles, inherited visibility and pointer-events, the default stylesheet's tags).
 * The pages: the shell and Özet, a statement (the table component), a search form, the tahsilat worklist.
 * If the two ever differ, the role queries would find what a browser hides, or miss what it shows.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../harness';
import { jsdomComputedStyle } from '../harness/light-style';

const PROPS = ['display', 'visibility', 'pointer-events'] as const;

/** Every element under root where the light answer and jsdom's differ, named so a failure says where. */
function differences(root: Element): string[] {
  const real = jsdomComputedStyle(window);
  const out: string[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const light = window.getComputedStyle(el);
    const own = real(el);
    for (const p of PROPS) {
      const a = light.getPropertyValue(p);
      const b = own.getPropertyValue(p);
      if (a !== b) out.push(`<${el.localName}${el.id ? '#' + el.id : ''}> ${p}: light ${a}, jsdom ${b}`);
    }
    if (light.display !== own.display || light.visibility !== own.visibility) out.push(`<${el.localName}> property access differs`);
  }
  return out;
}

describe('the light computed style of the jsdom tests', () => {
  it('is installed: the tests get it, not jsdom’s', () => {
    expect(window.getComputedStyle).not.toBe(jsdomComputedStyle(window));
  });

  it('gives jsdom’s answers for elements made to try each rule', () => {
    document.body.innerHTML = `
      <div id="a" hidden><span>gizli</span></div>
      <p style="display: none"><b>yok</b></p>
      <section style="visibility: hidden"><i>görünmez</i><em style="visibility: visible">görünür</em><u style="visibility: inherit">miras</u></section>
      <div style="visibility: collapse"><span style="visibility: initial">x</span><span style="visibility: unset">y</span></div>
      <div style="pointer-events: none"><button>Tıkla</button><a style="pointer-events: auto" href="#">bağ</a></div>
      <input type="hidden" style="display: block" value="1"><input type="HIDDEN"><input type="text"><button hidden>b</button>
      <table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>Başlık</th></tr></thead>
        <tbody hidden><tr><td>gizli satır</td></tr></tbody><tbody><tr hidden><td>satır</td></tr><tr><td style="display: inherit">d</td></tr></tbody><tfoot><tr><td>t</td></tr></tfoot></table>
      <ul><li>bir</li></ul><ol><li style="display: inline">iki</li></ol><dl><dt>t</dt><dd>d</dd></dl>
      <h1>b</h1><h6>b</h6><nav>n</nav><main><article><aside>a</aside><header>h</header><footer>f</footer></article></main>
      <form><fieldset><legend>l</legend><label>etiket <select><option>o</option></select></label><textarea></textarea></fieldset></form>
      <span style="display: flex"><span>iç</span></span><div style="display: initial">i</div><div style="display: unset">u</div>
      <svg viewBox="0 0 1 1"><title>simge</title><g><path d="M0 0"/></g></svg>
      <template><p>şablon</p></template><script>void 0</script><style-less>özel</style-less>
      <img alt="resim"><br><hr><pre>p</pre><blockquote>q</blockquote><abbr>a</abbr><code>c</code>
      <div style="color: red">renk</div><div style="">boş</div><div hidden="hidden" style="display: block">açık</div>`;
    expect(differences(document.body)).toEqual([]);
    // The cases above do hide what a browser hides (not only agree with jsdom).
    expect(screen.getByText('gizli')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'b' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tıkla' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'satır' })).toBeNull();
    expect(screen.queryByRole('row', { name: 'gizli satır' })).toBeNull();
    expect(screen.getByRole('row', { name: 'd' })).toBeInTheDocument();
    expect(getComputedStyle(screen.getByText('açık')).display).toBe('block');
    expect(getComputedStyle(screen.getByText('iki')).display).toBe('inline');
    expect(getComputedStyle(screen.getByText('görünür')).visibility).toBe('visible');
    expect(getComputedStyle(screen.getByText('görünmez')).visibility).toBe('hidden');
    expect(getComputedStyle(screen.getByText('miras')).visibility).toBe('hidden');
    expect(getComputedStyle(screen.getByRole('link', { name: 'bağ' })).pointerEvents).toBe('auto');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Tıkla' })).pointerEvents).toBe('none');
    document.body.innerHTML = '';
  });

  it.each(['/', '/accounts/1003', '/invoices', '/tahsilat'])('gives jsdom’s answers for every element of %s', async (path) => {
    const app = await renderApp(path, { loggedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    expect(document.body.querySelectorAll('*').length).toBeGreaterThan(40);
    expect(differences(document.body)).toEqual([]);
  });
});
