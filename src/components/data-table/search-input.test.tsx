import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TableSearch } from './search-input';

let setOutside: (v: string) => void = () => undefined;
const received: string[] = [];
function Page() {
  const [q, setQ] = useState('');
  setOutside = setQ;
  return (
    <>
      <TableSearch value={q} onChange={(v) => (received.push(v), setQ(v))} label="Ara" deferred />
      <output aria-label="liste">{q}</output>
    </>
  );
}

describe('TableSearch deferred (big lists: the page gets the text in a transition)', () => {
  it('keeps every character typed, the page catches up, Esc clears, and an outside change (Back) replaces the text', async () => {
    const user = userEvent.setup();
    received.length = 0;
    render(<Page />);
    const box = screen.getByRole('searchbox', { name: 'Ara' });
    await user.type(box, 'yıldız');
    expect(box).toHaveValue('yıldız');
    expect(screen.getByLabelText('liste')).toHaveTextContent('yıldız');
    expect(received.at(-1)).toBe('yıldız');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.getByLabelText('liste')).toHaveTextContent('');
    // The URL changes from outside (Back/Forward): the box shows the page's value.
    act(() => setOutside('ankara'));
    expect(box).toHaveValue('ankara');
    await user.type(box, ' gıda');
    expect(box).toHaveValue('ankara gıda');
    expect(screen.getByLabelText('liste')).toHaveTextContent('ankara gıda');
  });
});
