import { Alert, Card, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { CamerasBeingWatchedQuery, OnlineContactsQuery } from '../api/live-sessions.query';
import { ReportHeader } from '../components/report-header';
import { SessionsTable } from '../components/sessions-table';
import { useLocationId } from '../hooks/use-location-id';
import { usePaging } from '../hooks/use-paging';

const POLL_MS = 15_000;

function LiveSessions({ kind }: { kind: 'cameras' | 'contacts' }) {
  const { t } = useTranslation(['cameras', 'common']);
  const locationId = useLocationId();
  const paging = usePaging();
  const variables = { location_id: locationId, page: paging.page, first: paging.first };
  const [cams, refetchCams] = useQuery({
    query: CamerasBeingWatchedQuery,
    variables,
    pause: kind !== 'cameras',
    requestPolicy: 'cache-and-network',
  });
  const [contacts, refetchContacts] = useQuery({
    query: OnlineContactsQuery,
    variables,
    pause: kind !== 'contacts',
    requestPolicy: 'cache-and-network',
  });
  const result = kind === 'cameras' ? cams.data?.getCamerasBeingWatched : contacts.data?.getOnlineContacts;
  useEffect(() => {
    const timer = setInterval(() => (kind === 'cameras' ? refetchCams : refetchContacts)({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [kind, refetchCams, refetchContacts]);
  const state = kind === 'cameras' ? cams : contacts;
  return (
    <Stack gap="md">
      <ReportHeader
        title={t(kind === 'cameras' ? 'cameras:live.camerasTitle' : 'cameras:live.contactsTitle')}
        lead={t(kind === 'cameras' ? 'cameras:live.camerasLead' : 'cameras:live.contactsLead')}
        summary={result ? t('cameras:live.count', { count: result.paginatorInfo.total }) : null}
      />
      {state.error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('cameras:loadFailed')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <SessionsTable
          label={t(kind === 'cameras' ? 'cameras:live.camerasTitle' : 'cameras:live.contactsTitle')}
          rows={result?.data ?? []}
          paginatorInfo={result?.paginatorInfo ?? null}
          loading={state.fetching}
          onPage={paging.onPage}
          live
        />
      </Card>
    </Stack>
  );
}

/** /camera-being-watched: the live sessions, refreshed every 15 s. */
export function CamerasBeingWatchedPage() {
  return <LiveSessions kind="cameras" />;
}

/** /online-contacts-report: contacts watching now. */
export function OnlineContactsPage() {
  return <LiveSessions kind="contacts" />;
}
