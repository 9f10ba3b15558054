/**
 * The letter's TTK md. 94 clause (issue 35 item 7): worded as the law (6102 s. TTK md. 94/2) — the
 * receiver of the account statement is deemed to accept it unless it objects within one month of
 * receipt by noter, taahhütlü mektup, telgraf or güvenli elektronik imzalı yazı — and an installation
 * whose counterparts have no written cari hesap contract turns it off (LETTER_TTK94_CLAUSE=0; on by default).
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../server/config';
import { letterPdf } from '../../src/components/reconciliation/letter-pdf';
import { renderApp } from '../harness';

configure({ asyncUtilTimeout: 8000 });

const LAW =
  'Not: 6102 sayılı Türk Ticaret Kanunu’nun 94. maddesi uyarınca, bu hesap özetini alan taraf, tebliğ tarihinden itibaren bir ay içinde noter aracılığıyla, taahhütlü mektupla, telgrafla veya güvenli elektronik imzalı yazıyla itiraz etmediği takdirde hesap özetini kabul etmiş sayılır.';

const letterText = () => screen.getByRole('article').textContent ?? '';

describe('the TTK md. 94 clause', () => {
  it('is printed as the law words it, by default', async () => {
    await renderApp('/accounts/1000/mutabakat', { loggedIn: true });
    await waitFor(() => expect(screen.getByRole('article')).toBeInTheDocument());
    expect(letterText()).toContain(LAW);
  });

  it('is left out when the installation turns it off (the printed letter and the PDF)', async () => {
    await renderApp('/accounts/1000/mutabakat', { loggedIn: true, gateway: { letters: { ttk94Clause: false } } });
    await waitFor(() => expect(screen.getByRole('article')).toBeInTheDocument());
    expect(letterText()).not.toMatch(/94\. maddesi|itiraz etmediği/);
    // The rest of the letter is there.
    expect(letterText()).toContain('Hata ve unutma müstesnadır.');
    const company = { title: 'Örnek A.Ş.', address: '', taxOffice: '', taxNo: '' };
    const pdf = (ttk94Clause?: boolean) =>
      JSON.stringify(letterPdf({ company, account: { id: '1', name: 'Karşı Taraf' }, asOf: '2026-03-31', issuedOn: '2026-04-01', balance: 100, ttk94Clause }));
    expect(pdf()).toContain('itiraz etmediği takdirde');
    expect(pdf(false)).not.toContain('94. maddesi');
  });

  it('LETTER_TTK94_CLAUSE: on unless set to 0 / false / no / off', () => {
    const base = { DEMO: '1', SESSION_SECRET: 'x'.repeat(40) };
    const clause = (v?: string) => resolveSettings({ ...base, ...(v === undefined ? {} : { LETTER_TTK94_CLAUSE: v }) }, 'prod').gateway.letters?.ttk94Clause;
    expect(clause()).toBe(true);
    expect(clause('1')).toBe(true);
    expect(clause('0')).toBe(false);
    expect(clause('off')).toBe(false);
  });
});
