/**
 * ParamLink: a click made while the page still shows the URL before a change just made (a heavy page's
 * render held on a slow PC: tests/harness/held-render.tsx) keeps that change; its href is the URL the
 * page shows with the link's own change, for a new tab; a click with a modifier is the browser's.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { HeldRender, renderAt } from '../../tests/harness/held-render';
import { useUrlParams, withParams } from '../lib/search-params';
import { ParamLink } from './param-link';

function Page() {
  const [params, setParams] = useUrlParams();
  return (
    <>
      <button onClick={() => setParams((prev) => withParams(prev, { q: 'Öz & "Ş"' }), { replace: true })}>ara</button>
      <ParamLink patch={{ gorunum: 'vadesi-gecen', musteri: null }}>Vadesi geçenler</ParamLink>
      <HeldRender hold={params.has('q')} />
    </>
  );
}

describe('ParamLink', () => {
  it('its href is the shown URL with its change; clicked before the page shows a change just made, the URL keeps both', async () => {
    const router = renderAt('/tahsilat?musteri=C-1&sira=gun', Page);
    const link = screen.getByRole('link', { name: 'Vadesi geçenler' });
    expect(link.getAttribute('href')).toBe('/tahsilat?sira=gun&gorunum=vadesi-gecen');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ara' })));
    // The router has the search; the page still shows the URL before it (its render is held).
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Öz & "Ş"');
    expect(link.getAttribute('href')).toBe('/tahsilat?sira=gun&gorunum=vadesi-gecen');
    await act(async () => fireEvent.click(link));
    expect(router.state.location.pathname).toBe('/tahsilat');
    expect([...new URLSearchParams(router.state.location.search).entries()]).toEqual([
      ['sira', 'gun'],
      ['q', 'Öz & "Ş"'],
      ['gorunum', 'vadesi-gecen'],
    ]);
  });

  it('a click with Ctrl (a new tab) leaves this page’s URL as it is', async () => {
    const router = renderAt('/tahsilat?musteri=C-1', Page);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Vadesi geçenler' }), { ctrlKey: true }));
    expect(router.state.location.search).toBe('?musteri=C-1');
  });
});
