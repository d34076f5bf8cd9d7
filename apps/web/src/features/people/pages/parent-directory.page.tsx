import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText, PhoneText } from '../../../components/formatted';
import { ParentDirectoryQuery, type DirectoryEntryData } from '../api/people.query';
import { PageHead } from '../components/page-head';
import { usePaged } from '../hooks/use-paged';

/** /parent-directory: families that chose to be listed, showing only what each chose to show. */
export function ParentDirectoryPage() {
  const { t } = useTranslation(['people', 'common']);
  const paged = usePaged();
  const [{ data, fetching }] = useQuery({ query: ParentDirectoryQuery, variables: paged.vars });
  const columns = useMemo<DataTableColumn<DirectoryEntryData>[]>(
    () => [
      { key: 'name', header: t('people:person.name') },
      { key: 'email', header: t('people:person.email'), render: (e) => <EmailText value={e.email} /> },
      { key: 'phone', header: t('people:person.phone'), render: (e) => <PhoneText value={e.phone} /> },
      { key: 'children', header: t('people:directory.children'), value: (e) => e.children.join(', ') },
    ],
    [t],
  );
  const page = data?.getParentDirectory;
  return (
    <Stack gap="md" data-testid="parent-directory">
      <PageHead title={t('people:directory.title')} lead={t('people:directory.lead')} />
      <DataTable
        label={t('people:directory.title')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(e) => e.user_id}
        loading={fetching}
        server={paged.server(page?.paginatorInfo)}
      />
    </Stack>
  );
}
