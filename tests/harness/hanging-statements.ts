/**
 * get_cari_extre answers that never come: each request is held until the browser gives up on it
 * (İptal, a page left). The lists say which accounts were asked for and which were aborted.
 */
import { http, HttpResponse } from 'msw';
import { mswServer } from './erp-env';

export function hangStatements(): { started: string[]; aborted: string[] } {
  const started: string[] = [];
  const aborted: string[] = [];
  mswServer.use(
    http.post('*/api/erp/get_cari_extre', async ({ request }) => {
      const { cari_id } = (await request.clone().json()) as { cari_id: string };
      started.push(cari_id);
      await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => (aborted.push(cari_id), resolve()), { once: true }));
      return HttpResponse.error();
    }),
  );
  return { started, aborted };
}
