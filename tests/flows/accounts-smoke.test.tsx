import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp } from '../harness';

it('smoke', async () => {
  const app = await renderApp('/accounts/1000?from=2026-01-01', { loggedIn: true });
  const grid = await screen.findByRole('grid', { name: 'Ekstre satırları' });
  await screen.findByText('01.01.2026 öncesi devir', {}, { timeout: 5000 });
  console.info(grid.querySelectorAll('tbody tr').length, app.path(), screen.getByTestId('sum-balance').textContent, screen.getByRole('heading', {level: 1}).textContent);
  console.info(Array.from(grid.querySelectorAll('tbody tr')).slice(0,3).map(tr => tr.textContent).join('\n'));
  expect(1).toBe(1);
});
