import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useState } from 'react';

/** page/first for a server-paged table. */
export function usePaging() {
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  return { ...paging, onPage: (p: { page: number; first: number }) => setPaging(p) };
}
