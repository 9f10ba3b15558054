/**
 * The ERP as the server reads it for mutabakat: through the gateway's one upstream module (the API
 * password stays here) and the project's one reader (src/domain/reader). Statements are read by the
 * preparing job; the account list once per job run (names, places, currencies); the invoices once per
 * BA/BS campaign run.
 */
import { callErp, upstreamForThread, type UpstreamOptions, type UpstreamSettings } from '../gateway/upstream';
import { parseErpBody, readAccounts, readStatement, readTableAnswer } from '../../src/domain/reader';
import type { Account, ErpTable, Statement } from '../../src/domain/erp-types';

export interface ErpSource {
  accounts(): Promise<Map<string, Account>>;
  /** get_cari's answer unread (a letter thread reads it while a campaign is prepared), where the source has it. */
  accountsRaw?(): Promise<{ status: number; body: ArrayBuffer }>;
  /**
   * The ERP's settings where a letter thread can ask get_cari itself (an ERP over the network): at 100,000
   * accounts the list is 17 MB, and read here its chunks held a user's calls beside a campaign's start.
   */
  accountsFrom?: UpstreamSettings;
  statement(accountId: string): Promise<Statement>;
  /** The ERP's answer unread (the letter threads read it): the ERP's own source has it, a test's may not. */
  statementRaw?(accountId: string): Promise<{ status: number; body: ArrayBuffer }>;
  /** get_fatura with both criteria empty: every invoice (BA/BS letters). */
  invoices(): Promise<ErpTable>;
  /** get_yaslandirma: every account with a balance, its TL aging buckets (collections' large worklist). */
  aging?(): Promise<ErpTable>;
}

const text = (body: ArrayBuffer) => new TextDecoder().decode(body);

export function upstreamSource(upstream: UpstreamOptions): ErpSource {
  return {
    accountsFrom: upstreamForThread(upstream),
    async accounts() {
      const answer = await callErp(upstream, 'get_cari', [['firma_ismi', '']]);
      const list = readAccounts(parseErpBody(text(answer.body), answer.status));
      return new Map(list.accounts.map((a) => [a.id, a]));
    },
    async accountsRaw() {
      const answer = await callErp(upstream, 'get_cari', [['firma_ismi', '']]);
      return { status: answer.status, body: answer.body };
    },
    async statement(accountId) {
      const answer = await callErp(upstream, 'get_cari_extre', [['cari_id', accountId]]);
      return readStatement(parseErpBody(text(answer.body), answer.status));
    },
    async statementRaw(accountId) {
      const answer = await callErp(upstream, 'get_cari_extre', [['cari_id', accountId]]);
      return { status: answer.status, body: answer.body };
    },
    async invoices() {
      const answer = await callErp(upstream, 'get_fatura', [
        ['fatura_no', ''],
        ['firma_ismi', ''],
      ]);
      return readTableAnswer(parseErpBody(text(answer.body), answer.status), 'invoice');
    },
    async aging() {
      const answer = await callErp(upstream, 'get_yaslandirma', [['firma_ismi', '']]);
      return readTableAnswer(parseErpBody(text(answer.body), answer.status), 'aging');
    },
  };
}
