/** VKN/TCKN per account, kept with the mutabakat contacts (the ERP's answers carry none). */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';

export function useTaxIds(): { of: (accountId: string) => string } {
  const query = useQuery({ ...mutabakatQueries.contacts(), retry: false });
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const c of query.data ?? []) if (c.taxId) map.set(c.accountId, c.taxId);
    return { of: (id: string) => (id ? (map.get(id) ?? '') : '') };
  }, [query.data]);
}
