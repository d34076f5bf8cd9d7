import { useState } from 'react';
import { useQuery } from 'urql';
import type { BillingStudentNamesQuery as StudentNamesData } from '../../../graphql/generated/tenant-api';
import { BillingStudentNamesQuery } from '../api/billing.graphql';

export type StudentNameRow = StudentNamesData['students']['data'][number];

/**
 * The location's children, a page at a time with the table's search: spread `table` on a server-paged
 * DataTable; `reload` fetches the page again from the network.
 */
export function useLocationStudents(location: string | null) {
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [search, setSearch] = useState('');
  const [{ data, fetching }, refetch] = useQuery({
    query: BillingStudentNamesQuery,
    variables: { location_id: location, search: search || null, ...paging },
    pause: !location,
  });
  return {
    table: {
      rows: data?.students.data ?? [],
      loading: fetching,
      rowKey: (r: StudentNameRow) => r.id,
      server: {
        paginatorInfo: data?.students.paginatorInfo ?? null,
        onPage: setPaging,
        onSearch: (q: string) => {
          setSearch(q);
          setPaging((p) => ({ ...p, page: 1 }));
        },
      },
    },
    reload: () => refetch({ requestPolicy: 'network-only' }),
  };
}
