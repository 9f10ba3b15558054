/**
 * An uploaded file's type from its content, never from its name or the browser's claim: PDF
 * (%PDF-), PNG, JPEG, XLSX (a zip whose entries include [Content_Types].xml and xl/), CSV (UTF-8 or
 * Windows-1254 text without control bytes). The name's extension must agree with the content.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
} as const;
export type UploadKind = keyof typeof UPLOAD_TYPES;

const starts = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

export function sniff(bytes: Uint8Array): UploadKind | null {
  if (starts(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 256 * 1024))).toString('latin1');
    return names.includes('[Content_Types].xml') && names.includes('xl/') ? 'xlsx' : null;
  }
  // Text: no NUL or other control bytes but tab / CR / LF.
  for (let i = 0; i < Math.min(bytes.length, 64 * 1024); i++) {
    const c = bytes[i]!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return null;
  }
  return bytes.length > 0 ? 'csv' : null;
}

const EXT: Record<UploadKind, string[]> = { pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'], xlsx: ['xlsx'], csv: ['csv', 'txt'] };

export type UploadCheck = { ok: true; kind: UploadKind; type: string } | { ok: false; message: string };

export function checkUpload(fileName: string, bytes: Uint8Array): UploadCheck {
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, message: 'Dosya çok büyük: en fazla 10 MB yüklenebilir.' };
  if (bytes.length === 0) return { ok: false, message: 'Dosya boş.' };
  const kind = sniff(bytes);
  const ext = (fileName.split('.').pop() ?? '').toLowerCase();
  if (!kind || !EXT[kind].includes(ext)) {
    return { ok: false, message: 'Bu dosya türü kabul edilmiyor ya da dosyanın içeriği adıyla uyuşmuyor. PDF, XLSX, CSV, PNG veya JPG yükleyebilirsiniz.' };
  }
  return { ok: true, kind, type: UPLOAD_TYPES[kind] };
}

/** A file name safe to store and to send back (no path, no control characters). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'dosya';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return base.replace(/[\u0000-\u001f\u007f"<>|:*?]+/g, '_').slice(0, 120) || 'dosya';
}
