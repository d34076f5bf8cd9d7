import { useMemo, useState } from 'react';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import type { ServerPaging } from '../../../components/data-table/data-table';
import type { PaginatorInfoData } from '../api/fragments';

/** Page, page size and search of a server-paged table (page/first as the spec's lists take them). */
export function usePaged() {
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState<number>(PAGE_SIZE_DEFAULT);
  const [search, setSearch] = useState('');
  const vars = useMemo(() => ({ page, first, search: search || null }), [page, first, search]);
  const server = (paginatorInfo: PaginatorInfoData | null | undefined): ServerPaging => ({
    paginatorInfo: paginatorInfo ?? null,
    onPage: (next) => {
      setPage(next.page);
      setFirst(next.first);
    },
    onSearch: (query) => {
      setSearch(query.trim());
      setPage(1);
    },
  });
  return { vars, server, reset: () => setPage(1) };
}
