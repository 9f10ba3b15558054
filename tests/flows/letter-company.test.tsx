/**
 * Outside demo mode a letter needs our company's title (COMPANY_TITLE): without it the letter pages
 * refuse to produce one and name the setting (issue 35 item 6) — they printed "(şirket unvanı
 * ayarlanmamış)" as the heading and the signature.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { renderApp } from '../harness';

configure({ asyncUtilTimeout: 8000 });

// A production gateway (no demo mode) whose COMPANY_* settings are not set.
const NO_COMPANY = { gateway: { demo: null, company: undefined } } as const;
const REFUSAL = /Mektup hazırlanamaz: sunucuda COMPANY_TITLE .*ayarlanmamış/;

describe('letters without COMPANY_TITLE', () => {
  it('the single letter is refused, naming COMPANY_TITLE; nothing to print or download', async () => {
    await renderApp('/accounts/1000/mutabakat', { loggedIn: true, ...NO_COMPANY });
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(screen.getByText(REFUSAL)).toHaveAttribute('role', 'alert');
    // The statement is in (the balance is known) and still no letter is made.
    await screen.findByTestId('letter-balance');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText(/şirket unvanı ayarlanmamış\)/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /PDF indir/ })).toBeDisabled();
  });

  it('the bulk letters are refused the same way', async () => {
    const ankara = getDataset().accounts.filter((a) => a.province.toLocaleLowerCase('tr-TR') === 'ankara');
    expect(ankara.length).toBeGreaterThan(1);
    await renderApp('/mutabakat?province=Ankara', { loggedIn: true, ...NO_COMPANY });
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Yazdır/ })).toBeDisabled());
    expect(screen.queryByRole('article')).toBeNull();
  });
});
