import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../tests/harness/console-guard';
import { renderMailHtml } from './mail-html';

const render = (html: string) => {
  const host = document.createElement('div');
  renderMailHtml(html, host);
  return host;
};

describe('a mail shown in the app', () => {
  it('keeps its text, tables, links and inline look', () => {
    const host = render(
      '<html><head><title>x</title></head><body style="font-size:14px"><p style="margin:0 0 12px;color:#444">Sayın <strong>A+ Yapı</strong></p><table><tr><td colspan="2">1.234,56 TL</td></tr></table><a href="https://cari.example/yanit/abc" style="background:#0b5cad">Yanıt ver</a></body></html>',
    );
    expect(host.textContent).toBe('Sayın A+ Yapı1.234,56 TLYanıt ver');
    const p = host.querySelector('p')!;
    // A browser reads the colour back as rgb(68, 68, 68); the tests' DOM (happy-dom) as it was written.
    expect(['rgb(68, 68, 68)', '#444']).toContain(p.style.color);
    expect(host.querySelector('td')!.getAttribute('colspan')).toBe('2');
    const a = host.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://cari.example/yanit/abc');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect((host.firstChild as HTMLElement).style.fontSize).toBe('14px');
    // No style attribute reaches a parser (Chromium reports each against the page's CSP).
    expect(host.innerHTML).not.toMatch(/data-mail-style/);
  });

  it('runs and loads nothing: scripts, handlers, frames, images, javascript: links and url() styles are gone', () => {
    // The tests' DOM (happy-dom) starts loading an iframe of a DOMParser document, which a browser never does,
    // and says on the console that it may not; the frame is then left out of what is shown.
    allowConsoleError(/^NotSupportedError: Failed to load iframe page "https:\/\/x\.example\/"/);
    const host = render(
      '<p onclick="alert(1)" style="background:url(https://track.example/p.gif)">a</p><script>window.hacked=1</script><img src="https://track.example/p.gif"><iframe src="https://x.example"></iframe><a href="javascript:alert(1)">b</a><form action="/api/x"><input name="q"></form><custom-tag>c</custom-tag>',
    );
    expect(host.innerHTML).not.toMatch(/script|onclick|img|iframe|javascript|form|input|url\(/i);
    expect(host.textContent).toBe('abc');
    expect(host.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
