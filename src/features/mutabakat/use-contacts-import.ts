/**
 * Contacts import: the chosen file is previewed by the server (every row, every rejected one with
 * its reason); commit sends the same file again and is all or nothing — with a rejected row the
 * server saves nothing (422, its rows shown as a preview).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importContacts, MutabakatError, mutabakatQueries } from '../../api/mutabakat';
import type { ImportResult } from '../../contract/contacts-import';
import { t } from '../../i18n';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES: Record<string, string> = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The file with the content type the server expects, from its extension; an error message when it is not one we take. */
export function importFile(file: File): File | string {
  const ext = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const type = TYPES[ext];
  if (!type) return t('mut.import.wrongType');
  if (file.size > MAX_BYTES) return t('mut.import.tooLarge');
  return new File([file], file.name, { type });
}

export function useContactsImport() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (f: File) => importContacts(f, 'preview'),
    onSuccess: setResult,
  });
  const commit = useMutation({
    mutationFn: (f: File) => importContacts(f, 'commit'),
    onSuccess: (r) => {
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: mutabakatQueries.all });
    },
    onError: (error) => {
      if (error instanceof MutabakatError && error.preview) setResult(error.preview);
    },
  });
  const choose = (chosen: File | null) => {
    setResult(null);
    preview.reset();
    commit.reset();
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    const f = importFile(chosen);
    if (typeof f === 'string') return setFileError(f);
    setFile(f);
    preview.mutate(f);
  };
  return { file, result, fileError, preview, commit, choose, save: () => file && commit.mutate(file) };
}
