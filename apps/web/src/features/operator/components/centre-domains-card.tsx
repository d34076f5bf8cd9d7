import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Card, Code, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { TextField } from '../../../components/form/text-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import type { ServerDomainData } from '../api/server-domain.fragment';
import { AddServerDomainMutation, RecheckServerDomainMutation, RemoveServerDomainMutation } from '../api/server-domain.mutation';
import { StatusBadge } from './status-badge';

const domainSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'common:validation.required')
    .max(253, 'common:validation.tooLong')
    .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'operator:validation.domain'),
});
type DomainValues = z.infer<typeof domainSchema>;

/** A centre's hostnames; admins add custom domains and remove custom or previous ones. */
export function CentreDomainsCard({
  centreId,
  domains,
  canEdit,
  onChanged,
}: {
  centreId: string;
  domains: ServerDomainData[];
  canEdit: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const [, addDomain] = useMutation(AddServerDomainMutation);
  const [, removeDomain] = useMutation(RemoveServerDomainMutation);
  const [, recheckDomain] = useMutation(RecheckServerDomainMutation);
  const { control, handleSubmit, setError, reset, formState } = useForm<DomainValues>({
    resolver: zodResolver(domainSchema),
    defaultValues: { domain: '' },
  });

  const columns = useMemo<DataTableColumn<ServerDomainData>[]>(
    () => [
      {
        key: 'domain',
        header: t('operator:domains.domain'),
        render: (d) => (
          <Text size="sm" ff="monospace">
            {d.domain}
          </Text>
        ),
      },
      { key: 'kind', header: t('operator:domains.kind'), render: (d) => t(`operator:domains.kinds.${d.kind}`, { defaultValue: d.kind }) },
      {
        key: 'status',
        header: t('operator:centres.status'),
        render: (d) => (
          <Stack gap={2} data-testid={`domain-state-${d.domain}`}>
            <StatusBadge status={d.status} />
            {d.status_reason ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {d.status_reason}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { key: 'cloud_front', header: t('operator:domains.cloudFront') },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (d) =>
          canEdit && d.kind !== 'subdomain' ? (
            <Group gap={4} wrap="nowrap">
            {['pending', 'failed', 'verified', 'issuing'].includes(d.status) ? (
              <Tooltip label={t('operator:domains.recheck')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('operator:domains.recheckNamed', { domain: d.domain })}
                  data-testid={`recheck-domain-${d.domain}`}
                  onClick={async () => {
                    const result = await recheckDomain({ id: d.id });
                    if (reportMutationError(result.error, t)) return;
                    if (result.data) showNotice(result.data.recheckServerDomain);
                    onChanged();
                  }}
                >
                  <IconRefresh size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t('operator:domains.remove')}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t('operator:domains.removeNamed', { domain: d.domain })}
                data-testid={`remove-domain-${d.domain}`}
                onClick={() =>
                  confirmDelete(t, d.domain, async () => {
                    const result = await removeDomain({ id: d.id });
                    if (reportMutationError(result.error, t)) return;
                    if (result.data) showNotice(result.data.removeServerDomain);
                    onChanged();
                  })
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            </Group>
          ) : null,
      },
    ],
    [t, canEdit, removeDomain, recheckDomain, onChanged],
  );
  const waiting = domains.filter((d) => d.records.length > 0 && d.status !== 'active' && d.status !== 'disabled');

  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-domains">
      <Text component="h2" fw={600} mb="sm">
        {t('operator:domains.title')}
      </Text>
      <DataTable label={t('operator:domains.title')} rows={domains} columns={columns} rowKey={(d) => d.id} />
      {waiting.map((d) => (
        <div key={d.id} data-testid={`domain-records-${d.domain}`}>
          <Text size="sm" fw={600} mt="md">
            {t('operator:domains.recordsTitle', { domain: d.domain })}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('operator:domains.recordsLead')}
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('operator:domains.recordType')}</Table.Th>
                  <Table.Th>{t('operator:domains.recordName')}</Table.Th>
                  <Table.Th>{t('operator:domains.recordValue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.records.map((r) => (
                  <Table.Tr key={r.type}>
                    <Table.Td>{r.type}</Table.Td>
                    <Table.Td>
                      <Code>{r.name}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code style={{ overflowWrap: 'anywhere' }}>{r.value}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      ))}
      {canEdit ? (
        <form
          noValidate
          aria-label={t('operator:domains.add')}
          onSubmit={handleSubmit(async ({ domain }) => {
            const result = await addDomain({ center_id: centreId, domain });
            if (reportMutationError(result.error, t, { setError, fields: ['domain'] })) return;
            const payload = result.data?.addServerDomain;
            if (!payload) return;
            showNotice(payload);
            if (payload.status) {
              reset({ domain: '' });
              onChanged();
            }
          })}
        >
          <Group align="flex-end" gap="sm" mt="md">
            <TextField
              control={control}
              name="domain"
              label={t('operator:domains.newDomain')}
              placeholder={t('operator:domains.placeholder')}
              required
            />
            <Button type="submit" loading={formState.isSubmitting} data-testid="add-domain">
              {t('operator:domains.add')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Card>
  );
}
