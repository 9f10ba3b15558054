import { fireEvent, render, screen } from '@testing-library/react';
import { DateField } from './date-field';

function typeDate(text: string) {
  const onCommit = vi.fn();
  render(<DateField label="Başlangıç" value={null} onCommit={onCommit} />);
  const box = screen.getByRole('textbox', { name: 'Başlangıç' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
  return { onCommit, box };
}

describe('DateField', () => {
  it('a year typed as "0026" is refused with a message about the year, and nothing is sent', () => {
    const { onCommit, box } = typeDate('15.04.0026');
    expect(onCommit).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Yıl 1900 ile 2199 arasında olmalı');
  });

  it('an unreadable date gets the format message', () => {
    const { onCommit } = typeDate('15 nisan');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('gg.aa.yyyy');
  });

  it('a date in the range is sent as ISO', () => {
    const { onCommit } = typeDate('15.04.2026');
    expect(onCommit).toHaveBeenCalledWith('2026-04-15');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
