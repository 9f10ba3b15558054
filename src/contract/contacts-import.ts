/**
 * The contacts import's answer and the mutabakat API's refusal shape, as the server sends them and the
 * browser reads them (docs/mutabakat-api.md): one definition for both sides.
 */

/** One field a refusal names, with its Turkish message (`{ error: { code, message, problems } }`). */
export interface Problem {
  field: string;
  message: string;
}

/** One data row of the imported file, checked: `ok` false with the Turkish `reason` when rejected. */
export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  accountId: string;
  to: string[];
  cc: string[];
  person: string;
  /** Only when the file has a VKN/TCKN column and the row's number is valid. */
  taxId?: string;
  /** The ERP's name of the account, null when the ERP list was not read or has no such id. */
  accountName: string | null;
  ok: boolean;
  reason: string | null;
}

/** The preview (`saved` false) or the commit (`saved` true); a 422 `import_rejected` carries it as `preview`. */
export interface ImportResult {
  fileName: string;
  rows: ImportRow[];
  accepted: number;
  rejected: number;
  saved: boolean;
}
