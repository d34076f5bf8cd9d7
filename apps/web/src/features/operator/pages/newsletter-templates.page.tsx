import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { PlatformDeleteMutation, PlatformDuplicateMutation, PlatformNewslettersQuery, type PlatformNewsletterData } from '../api/newsletter-templates';

/** /templates (admin): the platform's newsletter templates, which every centre can start from, and its own newsletters. */
export function NewsletterTemplatesPage() {
  const { t } = useTranslation(['operator', 'common']);
  const navigate = useNavigate();
  const [kind, setKind] = useState<'1' | '0'>('1');
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [{ data, fetching }, refetch] = useQuery({
    query: PlatformNewslettersQuery,
    variables: { ...paging, search: search || null, is_temp: kind === '1' },
    requestPolicy: 'cache-and-network',
  });
  const [, duplicate] = useMutation(PlatformDuplicateMutation);
  const [, remove] = useMutation(PlatformDeleteMutation);
  const run = async (p: Promise<{ error?: unknown; data?: Record<string, unknown> | null }>, key: string) => {
    const r = await p;
    if (reportMutationError(r.error as never, t)) return;
    const notice = r.data?.[key] as { status: boolean; message: string; color: string } | undefined;
    if (notice) showNotice(notice);
    refetch({ requestPolicy: 'network-only' });
  };
  const page = data?.getNewsletters;
  const columns: DataTableColumn<PlatformNewsletterData>[] = [
    {
      key: 'name',
      header: t('operator:newsletters.name'),
      render: (n) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {n.name}
          </Text>
          <Group gap={4}>
            {n.tags.map((tag) => (
              <Badge key={tag} size="xs" variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
        </Stack>
      ),
    },
    { key: 'updated_at', header: t('operator:newsletters.updated'), render: (n) => formatDateTime(n.updated_at) },
    {
      key: 'id',
      header: t('operator:newsletters.actions'),
      sortable: false,
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('operator:newsletters.edit')}>
            <ActionIcon variant="subtle" aria-label={t('operator:newsletters.edit')} onClick={() => navigate(paths.newsletterTemplate.to({ is_temp: kind, tempId: n.id }))}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('operator:newsletters.duplicate')}>
            <ActionIcon variant="subtle" aria-label={t('operator:newsletters.duplicate')} onClick={() => void run(duplicate({ id: n.id }), 'duplicateNewsletter')}>
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('operator:newsletters.delete')}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('operator:newsletters.delete')}
              onClick={() => confirmDelete(t, n.name, () => run(remove({ id: n.id }), 'deleteNewsletter'))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md" data-testid="operator-templates">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('operator:newsletters.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('operator:newsletters.lead')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(paths.newsletterNewFromTemplate.to({ is_temp: kind }))} data-testid="operator-template-new">
          {kind === '1' ? t('operator:newsletters.newTemplate') : t('operator:newsletters.newNewsletter')}
        </Button>
      </Group>
      <SegmentedControl
        value={kind}
        onChange={(v) => {
          setKind(v as '1' | '0');
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        data={[
          { value: '1', label: t('operator:newsletters.templates') },
          { value: '0', label: t('operator:newsletters.newsletters') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <DataTable
        label={t('operator:newsletters.title')}
        rows={page?.data ?? []}
        columns={columns}
        rowKey={(n) => n.id}
        loading={fetching}
        server={{
          paginatorInfo: page?.paginatorInfo ?? null,
          onPage: setPaging,
          onSearch: (q) => {
            setSearch(q);
            setPaging((p) => ({ ...p, page: 1 }));
          },
        }}
      />
    </Stack>
  );
}
