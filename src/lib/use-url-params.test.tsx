/**
 * useUrlParams: a second change made while the page still shows the URL before the first (the
 * router renders a new URL in a transition; a heavy page holds that render on a slow PC) keeps the
 * first. The held render (tests/harness/held-render.tsx) suspends once `a` is set.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { HeldRender, renderAt } from '../../tests/harness/held-render';
import { useUrlParams, withParams } from './search-params';

describe('useUrlParams: a change made before the page shows the previous one keeps it', () => {
  it('two setters in turn, the first one’s render held: the URL has both', async () => {
    function Page() {
      const [params, setParams] = useUrlParams();
      return (
        <>
          <p>a={params.get('a') ?? '–'}</p>
          <button onClick={() => setParams((prev) => withParams(prev, { a: '1' }), { replace: true })}>a</button>
          <button onClick={() => setParams((prev) => withParams(prev, { b: 'İğdır & "x"' }), { replace: true })}>b</button>
          <HeldRender hold={params.has('a')} />
        </>
      );
    }
    const router = renderAt('/liste?sort=name', Page);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'a' })));
    // The router has the new URL; the page still shows the old one (its render is held).
    expect(router.state.location.search).toBe('?sort=name&a=1');
    expect(screen.getByText('a=–')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'b' })));
    const now = new URLSearchParams(router.state.location.search);
    expect([...now.entries()]).toEqual([
      ['sort', 'name'],
      ['a', '1'],
      ['b', 'İğdır & "x"'],
    ]);
  });
});
