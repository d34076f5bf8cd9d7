import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
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
import { AddServerDomainMutation, RemoveServerDomainMutation } from '../api/server-domain.mutation';
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
      { key: 'status', header: t('operator:centres.status'), render: (d) => <StatusBadge status={d.status} /> },
      { key: 'cloud_front', header: t('operator:domains.cloudFront') },
      {
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (d) =>
          canEdit && d.kind !== 'subdomain' ? (
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
          ) : null,
      },
    ],
    [t, canEdit, removeDomain, onChanged],
  );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="centre-domains">
      <Text component="h2" fw={600} mb="sm">
        {t('operator:domains.title')}
      </Text>
      <DataTable label={t('operator:domains.title')} rows={domains} columns={columns} rowKey={(d) => d.id} />
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
