import { render, screen } from '@testing-library/react';
import { it, expect } from 'vitest';
import { useState } from 'react';
import { DataTable, type DataColumn } from '.';

type R = { n: string };
const cols: DataColumn<R>[] = [{ id: 'n', header: 'N', value: (r) => r.n }];
const data: R[] = Array.from({ length: 40 }, (_, i) => ({ n: `SF${String(900 + i * 3).padStart(6, '0')}` }));

function T() {
  const [q, setQ] = useState('');
  return (
    <>
      <input aria-label="q" value={q} onChange={(e) => setQ(e.target.value)} />
      <DataTable data={data} columns={cols} searchQuery={q} aria-label="g" />
    </>
  );
}
it('filters', async () => {
  const { default: userEvent } = await import('@testing-library/user-event');
  const user = userEvent.setup();
  render(<T />);
  const target = data[25]!.n;
  await user.type(screen.getByLabelText('q'), target.slice(-3));
  await new Promise((r) => setTimeout(r, 100));
  console.info(target, Array.from(document.querySelectorAll('tbody tr'), (r) => r.textContent));
  expect(screen.getByText(target)).toBeTruthy();
});
