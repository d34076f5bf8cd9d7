import type { TypedDocumentNode } from '@urql/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { PAGE_SIZE_MAX } from '@kv/shared';
import type { PaginatorInfoData } from '../api/fragments';

export type Paged<R> = { data: R[]; paginatorInfo: PaginatorInfoData };

export interface AllPages<R> {
  rows: R[];
  /** How many rows the server has, loaded or not. */
  total: number;
  /** Every page is in (ordering or picking from a part would lose the rest). */
  complete: boolean;
  fetching: boolean;
  failed: boolean;
}

/**
 * Every row of a paged list, for screens that need the whole list at once (the camera order,
 * pickers): the first page through the cache, so a mutation's typenames refresh it, and each
 * refresh re-reads the other pages.
 */
export function useAllPages<D, V extends { page?: number | null; first?: number | null }, R>(
  query: TypedDocumentNode<D, V>,
  variables: Omit<V, 'page' | 'first'>,
  pick: (data: D) => Paged<R>,
  context: object,
): AllPages<R> {
  const client = useClient();
  const key = JSON.stringify(variables);
  const first = useMemo(() => ({ ...JSON.parse(key), page: 1, first: PAGE_SIZE_MAX }) as V, [key]);
  const [{ data, fetching, error }] = useQuery({ query, variables: first, context });
  const [rest, setRest] = useState<{ of: D; rows: R[]; failed: boolean } | null>(null);
  // The latest pick and context, without re-reading the pages when a caller passes new closures.
  const latest = useRef({ pick, context });
  latest.current = { pick, context };

  useEffect(() => {
    if (!data) return;
    const { pick, context } = latest.current;
    const lastPage = pick(data).paginatorInfo.lastPage;
    if (lastPage <= 1) {
      setRest({ of: data, rows: [], failed: false });
      return;
    }
    let live = true;
    const pages = Array.from({ length: lastPage - 1 }, (_, i) =>
      client.query(query, { ...first, page: i + 2 }, { ...context, requestPolicy: 'network-only' }).toPromise(),
    );
    void Promise.all(pages).then((results) => {
      if (!live) return;
      setRest({
        of: data,
        rows: results.flatMap((r) => (r.data ? pick(r.data).data : [])),
        failed: results.some((r) => r.error || !r.data),
      });
    });
    return () => {
      live = false;
    };
  }, [data, client, query, first]);

  return useMemo(() => {
    const page = data ? latest.current.pick(data) : null;
    const current = rest !== null && rest.of === data;
    return {
      rows: page ? [...page.data, ...(current ? rest.rows : [])] : [],
      total: page?.paginatorInfo.total ?? 0,
      complete: Boolean(page) && current && !rest.failed,
      fetching: fetching || (Boolean(page) && !current),
      failed: Boolean(error) || (current && rest.failed),
    };
  }, [data, rest, fetching, error]);
}
