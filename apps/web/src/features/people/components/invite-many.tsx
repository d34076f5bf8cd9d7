import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { showNotice } from '../../../lib/notices';
import { InviteMultipleUsersMutation } from '../api/people.mutation';
import { PeopleLocationsQuery } from '../api/people.query';
import { parseInviteLines, rowOfField, type InviteLine } from '../forms/invite-many.schema';
import { useFormErrors } from '../hooks/use-form-errors';

/** Invites many people of one role at once from pasted lines: all are invited, or none (the bad line is named). */
export function InviteMany({ role, onDone }: { role: 'user' | 'teacher'; onDone(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [locationId, setLocationId] = useState<string | null>(null);
  const [sendSms, setSendSms] = useState(false);
  const [emailConfirmed, setEmailConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [{ data }] = useQuery({ query: PeopleLocationsQuery, variables: {}, pause: !opened });
  const [, invite] = useMutation(InviteMultipleUsersMutation);
  const parsed = useMemo(() => parseInviteLines(text), [text]);

  const columns = useMemo<DataTableColumn<InviteLine>[]>(
    () => [
      { key: 'line', header: t('people:inviteMany.line') },
      { key: 'fname', header: t('people:person.fname') },
      { key: 'lname', header: t('people:person.lname') },
      { key: 'username', header: t('people:person.username') },
      { key: 'email', header: t('people:person.email') },
      { key: 'phone', header: t('people:person.phone') },
    ],
    [t],
  );

  async function submit() {
    setProblem(null);
    if (!locationId) return setProblem(t('people:validation.pickOneLocation'));
    if (parsed.badLines.length) return setProblem(t('people:inviteMany.badLines', { lines: parsed.badLines.join(', ') }));
    if (parsed.rows.length === 0) return setProblem(t('people:inviteMany.empty'));
    setSubmitting(true);
    const r = await invite({
      users: parsed.rows.map((row) => ({
        fname: row.fname,
        lname: row.lname,
        username: row.username,
        email: row.email,
        phone: row.phone || null,
        locations: [locationId],
        roles: [role],
        email_confirmed: emailConfirmed,
        send_sms: sendSms,
      })),
    });
    setSubmitting(false);
    const rowError = r.error?.graphQLErrors.find((e) => typeof e.extensions?.field === 'string');
    const at = rowError ? rowOfField(rowError.extensions.field as string, parsed.rows) : null;
    if (rowError && at) return setProblem(t('people:inviteMany.lineError', { line: at.line, message: rowError.message }));
    const message = formError(r.error, r.data?.inviteMultipleUsers);
    if (message !== null) return setProblem(message || t('common:errors.network'));
    showNotice(r.data!.inviteMultipleUsers);
    setOpened(false);
    setText('');
    onDone();
  }

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconUsersPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="invite-many"
      >
        {t('people:inviteMany.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size="xl"
        title={t('people:inviteMany.open')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="sm">
          <Select
            label={t('people:person.locations')}
            withAsterisk
            aria-required
            data={(data?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={locationId}
            onChange={setLocationId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="invite-many-location"
          />
          <Textarea
            label={t('people:inviteMany.lines')}
            description={t('people:inviteMany.linesHint')}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="invite-many-lines"
          />
          <Group gap="lg">
            <Checkbox
              label={t('people:person.emailConfirmed')}
              checked={emailConfirmed}
              onChange={(e) => setEmailConfirmed(e.currentTarget.checked)}
            />
            <Checkbox label={t('people:person.sendSms')} checked={sendSms} onChange={(e) => setSendSms(e.currentTarget.checked)} />
          </Group>
          {problem ? (
            <Alert color="danger" role="alert" data-testid="invite-many-error">
              {problem}
            </Alert>
          ) : null}
          <DataTable label={t('people:inviteMany.preview')} rows={parsed.rows} columns={columns} rowKey={(r) => String(r.line)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={submit} loading={submitting} data-testid="invite-many-submit">
              {t('people:inviteMany.submit', { count: parsed.rows.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
