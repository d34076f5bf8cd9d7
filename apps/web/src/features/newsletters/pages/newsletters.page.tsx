import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import {
  DeleteMutation,
  DuplicateMutation,
  NewslettersQuery,
  PublishMutation,
  TemplatesQuery,
  type NewsletterData,
} from '../api/newsletters';
import { SendDialog } from '../components/send-dialog';

const CONTEXT = { additionalTypenames: ['Newsletter', 'NewsletterPaginator'] };

function NewsletterTable({ isTemp }: { isTemp: boolean }) {
  const { t } = useTranslation(['newsletters', 'common']);
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [search, setSearch] = useState('');
  const [{ data, fetching, error }, refetch] = useQuery({
    query: NewslettersQuery,
    variables: { search: search || null, is_temp: isTemp, ...paging },
    requestPolicy: 'cache-and-network',
    context: CONTEXT,
  });
  const [, publish] = useMutation(PublishMutation);
  const [, duplicate] = useMutation(DuplicateMutation);
  const [, remove] = useMutation(DeleteMutation);
  const [sending, setSending] = useState<NewsletterData | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const run = async (result: Promise<{ error?: unknown; data?: Record<string, unknown> | null }>, key: string) => {
    const r = await result;
    if (reportMutationError(r.error as never, t)) return;
    const notice = r.data?.[key] as { status: boolean; message: string; color: string } | undefined;
    if (notice) showNotice(notice);
    reload();
  };

  const page = data?.getNewsletters;
  const lastSend = (n: NewsletterData) => n.log.at(-1);
  const columns: DataTableColumn<NewsletterData>[] = [
    {
      key: 'name',
      header: t('newsletters:fields.name'),
      render: (n) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {n.name}
          </Text>
          {n.tags.length ? (
            <Group gap={4}>
              {n.tags.map((tag) => (
                <Badge key={tag} size="xs" variant="light">
                  {tag}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      ),
    },
    { key: 'updated_at', header: t('newsletters:fields.updated'), render: (n) => formatDateTime(n.updated_at) },
    ...(isTemp
      ? []
      : ([
          {
            key: 'log',
            header: t('newsletters:fields.lastSend'),
            sortable: false,
            render: (n: NewsletterData) => {
              const s = lastSend(n);
              return s ? t('newsletters:list.sent', { queued: s.queued, total: s.total, date: formatDateTime(s.created_at) }) : t('newsletters:list.notSent');
            },
          },
          {
            key: 'published',
            header: t('newsletters:fields.published'),
            render: (n: NewsletterData) => (
              <Switch
                checked={n.published}
                aria-label={t('newsletters:list.publish', { name: n.name })}
                onChange={(e) => void run(publish({ id: n.id, published: e.currentTarget.checked }), 'publishNewsletter')}
                data-testid={`publish-${n.id}`}
              />
            ),
          },
        ] as DataTableColumn<NewsletterData>[])),
    {
      key: 'id',
      header: t('newsletters:list.actions'),
      sortable: false,
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          {isTemp ? null : (
            <Tooltip label={t('newsletters:list.send')}>
              <ActionIcon variant="subtle" aria-label={t('newsletters:list.send')} onClick={() => setSending(n)} data-testid={`send-${n.id}`}>
                <IconSend size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('newsletters:list.edit')}>
            <ActionIcon variant="subtle" aria-label={t('newsletters:list.edit')} onClick={() => navigate(paths.newsletterEdit.to({ tempId: n.id }))}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('newsletters:list.duplicate')}>
            <ActionIcon variant="subtle" aria-label={t('newsletters:list.duplicate')} onClick={() => void run(duplicate({ id: n.id }), 'duplicateNewsletter')}>
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('newsletters:list.delete')}>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('newsletters:list.delete')}
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
    <Stack gap="sm">
      {error && !data ? (
        <Text c="danger" role="alert">
          {t('newsletters:loadFailed')}
        </Text>
      ) : null}
      <DataTable
        label={isTemp ? t('newsletters:tabs.templates') : t('newsletters:tabs.newsletters')}
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
      <SendDialog newsletter={sending} onClose={() => { setSending(null); reload(); }} />
    </Stack>
  );
}

/** The platform's templates and the centre's own, to start a newsletter from. */
function TemplateGallery() {
  const { t } = useTranslation(['newsletters', 'common']);
  const navigate = useNavigate();
  const [{ data, error }] = useQuery({ query: TemplatesQuery, requestPolicy: 'cache-and-network' });
  const platform = (data?.getNewsletterTemplates ?? []).filter((x) => x.source === 'platform');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('newsletters:templates.platform')}
      </Title>
      {error ? (
        <Text c="danger" role="alert">
          {t('newsletters:templates.unavailable')}
        </Text>
      ) : null}
      {!error && data && !platform.length ? <Text c="dimmed">{t('newsletters:empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {platform.map((tpl) => (
          <Card key={tpl.id} withBorder padding="sm" data-testid={`template-${tpl.key}`}>
            <Stack gap="xs">
              <Text fw={500}>{tpl.name}</Text>
              <Button size="compact-sm" variant="light" onClick={() => navigate(`${paths.newsletterNew.to()}?template=${encodeURIComponent(tpl.id)}`)}>
                {t('newsletters:templates.use')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('newsletters:templates.centre')}
      </Title>
      <NewsletterTable isTemp />
    </Stack>
  );
}

/** /newsletters: the centre's newsletters (send, publish, edit, duplicate, delete) and a Templates tab. */
export function NewslettersPage() {
  const { t } = useTranslation(['newsletters', 'shell']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'templates' ? 'templates' : 'newsletters';
  return (
    <Stack gap="md" data-testid="newsletters-page">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('shell:menu.newsletters')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('newsletters:list.lead')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate(`${paths.newsletterNew.to()}?is_temp=1`)} data-testid="template-new">
            {t('newsletters:templates.create')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(paths.newsletterNew.to())} data-testid="newsletter-new">
            {t('newsletters:list.create')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => setParams(v === 'templates' ? { tab: 'templates' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="newsletters">{t('newsletters:tabs.newsletters')}</Tabs.Tab>
          <Tabs.Tab value="templates" data-testid="tab-templates">
            {t('newsletters:tabs.templates')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="newsletters" pt="md">
          <NewsletterTable isTemp={false} />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplateGallery />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
