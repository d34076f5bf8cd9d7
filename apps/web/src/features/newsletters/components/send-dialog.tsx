import { Button, Group, Modal, MultiSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useSubscription } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { AudienceOptionsQuery, ProgressSubscription, SendMutation, SendStateQuery, type NewsletterData, type ProgressData } from '../api/newsletters';

const ROLES = ['user', 'teacher', 'manager'] as const;

/** Live counts of one send: first as the server has them, then each `newsletterProgress` event. */
function SendProgress({ sendId }: { sendId: string }) {
  const { t } = useTranslation('newsletters');
  const [{ data: first }] = useQuery({ query: SendStateQuery, variables: { send_id: sendId }, requestPolicy: 'network-only' });
  const [{ data: live }] = useSubscription({ query: ProgressSubscription, variables: { send_id: sendId } });
  const p: ProgressData | undefined = live?.newsletterProgress ?? first?.getNewsletterSend;
  if (!p) return <Text size="sm">{t('send.queued')}</Text>;
  const pct = p.total ? Math.round((p.queued / p.total) * 100) : p.status === 'done' ? 100 : 0;
  return (
    <Stack gap={4} data-testid="send-progress" data-status={p.status}>
      <Progress value={pct} aria-label={t('send.progress')} />
      <Text size="sm">{t(`send.status.${p.status}`, { queued: p.queued, total: p.total, skipped: p.skipped })}</Text>
    </Stack>
  );
}

/** Send dialog: subject and audience (locations, rooms, tags, roles), then the send's live progress. */
export function SendDialog({ newsletter, onClose }: { newsletter: NewsletterData | null; onClose(): void }) {
  const { t } = useTranslation(['newsletters', 'common']);
  const [{ data }] = useQuery({ query: AudienceOptionsQuery, pause: !newsletter });
  const [subject, setSubject] = useState('');
  const [locations, setLocations] = useState<string[]>([]);
  const [programs, setPrograms] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [roles, setRoles] = useState<string[]>(['user']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sendId, setSendId] = useState<string | null>(null);
  const [{ fetching }, send] = useMutation(SendMutation);

  useEffect(() => {
    if (newsletter) {
      setSubject(newsletter.name);
      setSendId(null);
      setErrors({});
    }
  }, [newsletter]);

  const rooms = useMemo(
    () => (data?.dropdownLocations ?? []).flatMap((l) => (l.rooms ?? []).map((r) => ({ value: r.id, label: `${r.name} (${l.name})` }))),
    [data],
  );

  async function submit() {
    if (!newsletter) return;
    setErrors({});
    const r = await send({ id: newsletter.id, subject, audience: { locations, programs, tags, roles } });
    if (r.error) {
      const fieldErrors: Record<string, string> = {};
      for (const e of r.error.graphQLErrors) {
        const f = String(e.extensions?.field ?? '');
        if (f) fieldErrors[f.startsWith('audience') ? 'audience' : f] = e.message;
      }
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else reportMutationError(r.error, t);
      return;
    }
    if (r.data) {
      showNotice(r.data.sendNewsletterAction);
      setSendId(r.data.sendNewsletterAction.send_id);
    }
  }

  return (
    <Modal opened={Boolean(newsletter)} onClose={onClose} title={t('newsletters:send.title', { name: newsletter?.name ?? '' })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {sendId ? (
        <Stack>
          <SendProgress sendId={sendId} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack data-testid="send-dialog">
          <TextInput label={t('newsletters:send.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} required />
          <MultiSelect
            label={t('newsletters:send.locations')}
            data={(data?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={locations}
            onChange={setLocations}
            searchable
            error={errors.audience}
            data-testid="send-locations"
          />
          <MultiSelect label={t('newsletters:send.rooms')} data={rooms} value={programs} onChange={setPrograms} searchable />
          <MultiSelect label={t('newsletters:send.tags')} data={(data?.getTags.data ?? []).map((x) => ({ value: x.id, label: x.name }))} value={tags} onChange={setTags} searchable />
          <MultiSelect label={t('newsletters:send.roles')} data={ROLES.map((r) => ({ value: r, label: t(`newsletters:roles.${r}`) }))} value={roles} onChange={setRoles} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={fetching} data-testid="send-submit">
              {t('newsletters:send.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
