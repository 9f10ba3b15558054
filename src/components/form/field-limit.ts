/**
 * The one length check of a search field: the gateway refuses a parameter longer than MAX_PARAM_CHARS
 * (src/contract/erp.ts), so a page says it first, next to the field and by the field's own name — the
 * ERP is not asked, and no generic "İstek geçersiz" with a retry that can only fail again is shown.
 */
import { MAX_PARAM_CHARS, fitsParam } from '../../contract/erp';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';

/** "Firma adı en fazla 200 karakter olabilir (3.200 yazıldı)." for a too long value (trimmed, as sent), else undefined. */
export function tooLongMessage(field: string, value: string): string | undefined {
  return fitsParam(value) ? undefined : t('common.field.tooLong', { field, max: MAX_PARAM_CHARS, length: formatCount(value.trim().length) });
}
