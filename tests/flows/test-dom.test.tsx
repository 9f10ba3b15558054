/**
 * The tests' DOM (happy-dom, tests/harness/happy-dom-env.ts) hides what a browser hides, as the role queries
 * and user-event read it: a test that finds a button, a row or a link may rely on a user seeing it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

describe('the tests’ DOM', () => {
  it('hides what a browser hides, for the role queries and user-event', async () => {
    document.body.innerHTML = `
      <div hidden><span>gizli</span></div>
      <p style="display: none"><b>yok</b></p>
      <section style="visibility: hidden"><i>görünmez</i><em style="visibility: visible">görünür</em><u style="visibility: inherit">miras</u></section>
      <div style="pointer-events: none"><button>Tıkla</button><a style="pointer-events: auto" href="#">bağ</a></div>
      <button hidden>b</button>
      <table><tbody hidden><tr><td>gizli satır</td></tr></tbody><tbody><tr hidden><td>satır</td></tr><tr><td style="display: inherit">d</td></tr></tbody></table>
      <ol><li style="display: inline">iki</li></ol><div hidden="hidden" style="display: block">açık</div>`;
    try {
      expect(screen.getByText('gizli')).not.toBeVisible();
      expect(screen.getByText('yok')).not.toBeVisible();
      expect(screen.queryByRole('button', { name: 'b' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Tıkla' })).toBeInTheDocument();
      expect(screen.queryByRole('row', { name: 'satır' })).toBeNull();
      expect(screen.queryByRole('row', { name: 'gizli satır' })).toBeNull();
      expect(screen.getByRole('row', { name: 'd' })).toBeInTheDocument();
      expect(getComputedStyle(screen.getByText('açık')).display).toBe('block');
      expect(getComputedStyle(screen.getByText('iki')).display).toBe('inline');
      expect(getComputedStyle(screen.getByText('görünür')).visibility).toBe('visible');
      expect(getComputedStyle(screen.getByText('görünmez')).visibility).toBe('hidden');
      expect(getComputedStyle(screen.getByText('miras')).visibility).toBe('hidden');
      expect(screen.getByText('görünmez')).not.toBeVisible();
      expect(getComputedStyle(screen.getByRole('link', { name: 'bağ' })).pointerEvents).toBe('auto');
      // user-event clicks nothing under pointer-events: none, as a browser's pointer does not.
      await expect(userEvent.setup().click(screen.getByRole('button', { name: 'Tıkla' }))).rejects.toThrow(/pointer-events: none/);
      await userEvent.setup().click(screen.getByRole('link', { name: 'bağ' }));
    } finally {
      document.body.innerHTML = '';
    }
  });
});
