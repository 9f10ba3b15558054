/**
 * The statement's date boxes: a box commits only its own end; the other is taken from the URL as it
 * is now. Committed one after the other while the page still shows the URL before the first (the
 * start's render held, as a heavy statement holds it on a slow PC), both ends stay.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useUrlParams } from '../../lib/search-params';
import { StatementFilters } from './statement-filters';
import { useStatementRange } from './use-statement-range';

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

describe('statement range: each date box commits its own end', () => {
  it('the statement: the start date typed and committed, then the end date, the start’s render held: both stay', async () => {
    function Page() {
      const [params, setParams] = useUrlParams();
      const r = useStatementRange(params, setParams, undefined);
      return (
        <>
          <StatementFilters
            from={r.from}
            to={r.to}
            today="2026-12-06"
            activePreset={null}
            type=""
            typeOptions={[]}
            onRange={r.setRange}
            onType={r.setType}
            onRefused={r.onRefused}
          />
          <Suspense fallback={<p>yükleniyor</p>}>
            <SlowPart hold={r.from !== null} />
          </Suspense>
        </>
      );
    }
    const router = renderAt('/accounts/1001?type=Fatura', Page);
    const commit = async (name: string, text: string) => {
      const box = screen.getByRole('textbox', { name });
      await act(async () => {
        fireEvent.change(box, { target: { value: text } });
        fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
      });
    };
    await commit('Başlangıç', '01.06.2025');
    expect(router.state.location.search).toBe('?type=Fatura&from=2025-06-01');
    await commit('Bitiş', '31.12.2025');
    const now = new URLSearchParams(router.state.location.search);
    expect([now.get('from'), now.get('to'), now.get('type')]).toEqual(['2025-06-01', '2025-12-31', 'Fatura']);
  });

  it('an end typed before the start already in the URL: the two are swapped', async () => {
    function Page() {
      const [params, setParams] = useUrlParams();
      const r = useStatementRange(params, setParams, undefined);
      return (
        <StatementFilters
          from={r.from}
          to={r.to}
          today="2026-12-06"
          activePreset={null}
          type=""
          typeOptions={[]}
          onRange={r.setRange}
          onType={r.setType}
          onRefused={r.onRefused}
        />
      );
    }
    const router = renderAt('/accounts/1001?from=2026-03-15', Page);
    const box = screen.getByRole('textbox', { name: 'Bitiş' });
    await act(async () => {
      fireEvent.change(box, { target: { value: '01.02.2026' } });
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    });
    expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-03-15');
  });
});
