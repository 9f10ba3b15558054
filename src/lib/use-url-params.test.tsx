/**
 * useUrlParams: a second change made while the page still shows the URL before the first (the
 * router renders a new URL in a transition; a heavy page holds that render on a slow PC) keeps the
 * first. Here the slow render is a part of the page that suspends once `a` is set, so React keeps
 * showing the old URL for as long as the test wants.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useUrlParams, withParams } from './search-params';

/** Suspends while `hold`: the page's render with the new URL never commits. */
const never = new Promise<never>(() => undefined);
function SlowPart({ hold }: { hold: boolean }) {
  if (hold) throw never;
  return null;
}

function renderAt(path: string, Page: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUrlParams: a change made before the page shows the previous one keeps it', () => {
  it('two setters in turn, the first one’s render held: the URL has both', async () => {
    function Page() {
      const [params, setParams] = useUrlParams();
      return (
        <>
          <p>a={params.get('a') ?? '–'}</p>
          <button onClick={() => setParams((prev) => withParams(prev, { a: '1' }), { replace: true })}>a</button>
          <button onClick={() => setParams((prev) => withParams(prev, { b: 'İğdır & "x"' }), { replace: true })}>b</button>
          <Suspense fallback={<p>yükleniyor</p>}>
            <SlowPart hold={params.has('a')} />
          </Suspense>
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
