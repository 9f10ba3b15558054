/**
 * The statement's payment-behaviour figures say what they compute (issue 35 item 8): every closing step
 * — a payment closing part of an item included — weighted by the amount it closed, not "closed items".
 * Hand statement: invoice 10.000,00 on 01.01.2026 due 31.01.2026, payment 4.000,00 on 02.03.2026. The
 * invoice is still open (6.000,00) and yet the figures are there: 4.000,00 closed 30 days after its due
 * date (31.01 → 02.03) and 60 days after the invoice (01.01 → 02.03).
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerStatement, renderApp } from '../harness';

configure({ asyncUtilTimeout: 8000 });

const CUSTOMER = [
  { ACTION_DATE: '2026-01-01', DUE_DATE: '2026-01-31', ACTION_NAME: 'Satış Faturası', BORC: 10000, ALACAK: 0, BELGE_NO: 'SF1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-03-02', DUE_DATE: null, ACTION_NAME: 'Tahsilat', BORC: 0, ALACAK: 4000, BELGE_NO: 'T1', ACIKLAMA: '' },
];

describe('payment behaviour', () => {
  it('counts each closing step, partial ones included, and its tooltip says so', async () => {
    answerStatement(CUSTOMER);
    await renderApp('/accounts/1003?to=2026-03-31', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('sum-days-late').textContent).toBe('30 gün'));
    expect(screen.getByTestId('sum-days-to-pay').textContent).toBe('60 gün');
    const lateHint = screen.getByTestId('sum-days-late').parentElement!.getAttribute('title')!;
    const toPayHint = screen.getByTestId('sum-days-to-pay').parentElement!.getAttribute('title')!;
    for (const hint of [lateHint, toPayHint]) {
      expect(hint).not.toMatch(/Kapanmış kalemler/);
      expect(hint).toMatch(/her kapama adımı/i);
      expect(hint).toMatch(/kısmi kapamalar dahil/);
      expect(hint).toMatch(/kapanan tutarla ağırlıklı/);
      expect(hint).toContain('31.03.2026 itibarıyla');
    }
    expect(lateHint).toMatch(/vadesinden/);
    expect(toPayHint).toMatch(/işlem tarihinden/);
  });
});
