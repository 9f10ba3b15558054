/**
 * tests/setup-dom.ts keeps jsdom's computed styles until the document changes: a role query must still
 * see an element hidden or shown again by a class and a style sheet, an inline style, the hidden
 * attribute, or a style sheet added later.
 */
import { render, screen, fireEvent } from '@testing-library/react';
import { useState } from 'react';
function T() {
  const [hide, setHide] = useState(0);
  return (
    <div>
      <style>{'.gone { display: none } .hid .x { visibility: hidden }'}</style>
      <button onClick={() => setHide((h) => h + 1)}>next</button>
      <div className={hide === 1 ? 'gone' : ''}><button>one</button></div>
      <div style={hide === 2 ? { display: 'none' } : {}}><button>two</button></div>
      <div className={hide === 3 ? 'hid' : ''}><span className="x"><button>three</button></span></div>
    </div>
  );
}
it('role queries see every change of what is shown', () => {
  render(<T />);
  const names = () => screen.queryAllByRole('button').map((b) => b.textContent);
  expect(names()).toEqual(['next', 'one', 'two', 'three']);
  fireEvent.click(screen.getByRole('button', { name: 'next' }));
  expect(names()).toEqual(['next', 'two', 'three']);
  fireEvent.click(screen.getByRole('button', { name: 'next' }));
  expect(names()).toEqual(['next', 'one', 'three']);
  fireEvent.click(screen.getByRole('button', { name: 'next' }));
  expect(names()).toEqual(['next', 'one', 'two']);
  fireEvent.click(screen.getByRole('button', { name: 'next' }));
  expect(names()).toEqual(['next', 'one', 'two', 'three']);
  const two = screen.getByRole('button', { name: 'two' });
  two.parentElement!.setAttribute('hidden', '');
  expect(names()).toEqual(['next', 'one', 'three']);
  two.parentElement!.removeAttribute('hidden');
  two.style.visibility = 'hidden';
  expect(names()).toEqual(['next', 'one', 'three']);
  expect(getComputedStyle(two).visibility).toBe('hidden');
  two.style.visibility = '';
  expect(getComputedStyle(two).visibility).toBe('visible');
  const sheet = document.createElement('style');
  sheet.textContent = 'button { visibility: hidden }';
  document.head.append(sheet);
  expect(names()).toEqual([]);
  sheet.remove();
  expect(names()).toEqual(['next', 'one', 'two', 'three']);
});
