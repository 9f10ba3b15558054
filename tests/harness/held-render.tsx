/**
 * A render the router's transition never commits: a page part that suspends while `hold`, so React
 * keeps showing the URL before the change for as long as a test wants (a heavy page on a slow PC,
 * made deterministic). Used by the URL-state tests (src/lib/use-url-params.test.tsx and the statement's range).
 */
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

const never = new Promise<never>(() => undefined);

function Suspends({ hold }: { hold: boolean }): null {
  if (hold) throw never;
  return null;
}

/** Shows nothing; while `hold`, the render it is part of stays pending. */
export function HeldRender({ hold }: { hold: boolean }) {
  return (
    <Suspense fallback={<p>yükleniyor</p>}>
      <Suspends hold={hold} />
    </Suspense>
  );
}

/** `Page` at `path` in a memory router (every path); the router, to read its current URL. */
export function renderAt(path: string, Page: () => ReactNode) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
