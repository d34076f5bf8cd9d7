import { Button, Card, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../../components/confirm-delete';
import { reportMutationError } from '../../../../lib/mutation-feedback';
import { showNotice } from '../../../../lib/notices';
import { paths } from '../../../../lib/paths';
import { DeleteAgencyMutation, UpdateAgencyMutation } from '../api/agencies.mutation';
import { AgencyQuery } from '../api/agencies.query';
import { AgencyForm } from '../components/agency-form';
import { AgencyHeader } from '../components/agency-header';

/** /billing/agency/info/:agencyId: the agency's name and contact details; delete it while it has no invoices. */
export function AgencyInfoPage() {
  const { t } = useTranslation('agencies');
  const navigate = useNavigate();
  const { agencyId = '' } = useParams();
  const [{ data }] = useQuery({ query: AgencyQuery, variables: { id: agencyId } });
  const [updated, update] = useMutation(UpdateAgencyMutation);
  const [, remove] = useMutation(DeleteAgencyMutation);
  const a = data?.getAgency;
  return (
    <AgencyHeader>
      {a && (
        <Card withBorder maw={640}>
          <AgencyForm
            key={a.id}
            initial={{
              name: a.name,
              contact_name: a.contact_name ?? '',
              email: a.email ?? '',
              phone: a.phone ?? '',
              address: a.address ?? '',
              note: a.note ?? '',
            }}
            submitLabel={t('actions.save')}
            busy={updated.fetching}
            error={updated.error}
            onSubmit={async (v) => {
              const r = await update({ id: agencyId, ...v });
              if (reportMutationError(r.error, t)) return;
              if (r.data) showNotice(r.data.updateAgency);
            }}
          />
          <Group justify="flex-start" mt="md">
            <Button
              variant="subtle"
              color="danger"
              onClick={() =>
                confirmDelete(t, a.name, async () => {
                  const r = await remove({ id: agencyId });
                  if (reportMutationError(r.error, t)) return;
                  if (r.data) showNotice(r.data.deleteAgency);
                  navigate(paths.billingSubsidies.to());
                })
              }
            >
              {t('actions.delete')}
            </Button>
          </Group>
        </Card>
      )}
    </AgencyHeader>
  );
}
