import { describe, expect, it } from 'vitest';
import { MutabakatError, dispositionName } from './mutabakat';

describe('mutabakat API answers', () => {
  it('a refusal says the server’s message and every field it names', () => {
    const e = new MutabakatError(400, 'bad_request', 'Girilen bilgilerde hata var.', [{ field: 'name', message: 'Yanıtı veren kişinin adı gerekli.' }]);
    expect(e.userMessage).toBe('Girilen bilgilerde hata var. Yanıtı veren kişinin adı gerekli.');
    expect(new MutabakatError(502, 'x', '').userMessage).toMatch(/HTTP 502/);
  });

  it('a download keeps the Turkish file name the server gives (filename* first)', () => {
    expect(
      dispositionName(`attachment; filename="Mutabakat raporu 30.06.2026.xlsx"; filename*=UTF-8''Mutabakat%20raporu%2030.06.2026%20%C3%87a%C4%9Flar.xlsx`),
    ).toBe('Mutabakat raporu 30.06.2026 Çağlar.xlsx');
    expect(dispositionName('attachment; filename="rapor.pdf"')).toBe('rapor.pdf');
    expect(dispositionName(null)).toBeNull();
  });
});
