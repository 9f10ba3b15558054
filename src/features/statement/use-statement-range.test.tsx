/**
 * The statement's date boxes: a box commits only its own end; the other is taken from the URL as it
 * is now. Committed one after the other while the page still shows the URL before the first (the
 * start's render held, as a heavy statement holds it on a slow PC: tests/harness/held-render.tsx),
 * both ends stay.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { HeldRender, renderAt } from '../../../tests/harness/held-render';
import { useUrlParams } from '../../lib/search-params';
import { StatementFilters } from './statement-filters';
import { useStatementRange } from './use-statement-range';

/** The range's boxes over the URL; with `holdOnFrom`, the render after a start date is set never commits. */
const rangePage = (holdOnFrom: boolean) =>
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
        <HeldRender hold={holdOnFrom && r.from !== null} />
      </>
    );
  };

/** Types a date the Turkish way into a box and commits it with Enter. */
async function commit(name: string, text: string) {
  const box = screen.getByRole('textbox', { name });
  await act(async () => {
    fireEvent.change(box, { target: { value: text } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
  });
}

describe('statement range: each date box commits its own end', () => {
  it('the start date typed and committed, then the end date, the start’s render held: both stay', async () => {
    const router = renderAt('/accounts/1001?type=Fatura', rangePage(true));
    await commit('Başlangıç', '01.06.2025');
    expect(router.state.location.search).toBe('?type=Fatura&from=2025-06-01');
    await commit('Bitiş', '31.12.2025');
    const now = new URLSearchParams(router.state.location.search);
    expect([now.get('from'), now.get('to'), now.get('type')]).toEqual(['2025-06-01', '2025-12-31', 'Fatura']);
  });

  it('an end typed before the start already in the URL: the two are swapped', async () => {
    const router = renderAt('/accounts/1001?from=2026-03-15', rangePage(false));
    await commit('Bitiş', '01.02.2026');
    expect(router.state.location.search).toBe('?from=2026-02-01&to=2026-03-15');
  });
});
