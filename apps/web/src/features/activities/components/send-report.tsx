import { Button, Checkbox, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { displayEmail } from '@kv/shared';
import { formatDay } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useViewer } from '../../../lib/shell-context';
import { SendReportMutation } from '../api/activities.mutation';
import { ReceiversQuery } from '../api/activities.query';

/** Mails a child's day to the guardians chosen (and to the viewer): what families see of it, with a note below. */
export function SendReport({ studentId, date }: { studentId: string; date: string }) {
  const { t } = useTranslation('activities');
  const viewer = useViewer();
  const [{ data }] = useQuery({ query: ReceiversQuery, variables: { id: studentId } });
  const [sending, send] = useMutation(SendReportMutation);
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const guardians = (data?.student?.guardians ?? []).filter((g) => !g.black_list && displayEmail(g.user.email));
  const me = viewer.user;

  async function submit() {
    const r = await send({ student: studentId, date, receivers: picked, emailData: message.trim() || null });
    if (reportMutationError(r.error, t)) return;
    if (r.data) showNotice(r.data.sendDailyReport);
    if (r.data?.sendDailyReport.status) {
      setPicked([]);
      setMessage('');
    }
  }

  return (
    <Stack gap="sm" data-testid="send-report">
      <Title order={2} size="h4">
        {t('report.send.title', { date: formatDay(date) })}
      </Title>
      <Checkbox.Group label={t('report.send.receivers')} value={picked} onChange={setPicked}>
        <Stack gap="xs" mt={4}>
          {guardians.map((g) => (
            <Checkbox
              key={g.user_id}
              size="md"
              value={g.user_id}
              label={`${g.user.full_name}${g.relation ? ` (${g.relation})` : ''} · ${displayEmail(g.user.email)}`}
              data-testid={`receiver-${g.user_id}`}
            />
          ))}
          {me ? <Checkbox size="md" value={me.id} label={t('report.send.me', { name: me.full_name })} data-testid="receiver-me" /> : null}
        </Stack>
      </Checkbox.Group>
      {guardians.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.send.noGuardians')}
        </Text>
      ) : null}
      <Textarea
        size="md"
        label={t('report.send.message')}
        value={message}
        maxLength={2000}
        onChange={(e) => setMessage(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Button
        size="md"
        leftSection={<IconMail size={18} aria-hidden />}
        disabled={picked.length === 0}
        loading={sending.fetching}
        onClick={() => void submit()}
        data-testid="send-report-submit"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('report.send.submit', { count: picked.length })}
      </Button>
    </Stack>
  );
}
