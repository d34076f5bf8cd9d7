import { ActionIcon, Button, Card, Checkbox, Group, MultiSelect, Select, Stack, Switch, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import {
  WebFormAutomationsQuery,
  WebFormLogsQuery,
  WebFormNotifySettingsQuery,
  WebFormSaveAutomationsMutation,
  WebFormSaveNotifyMutation,
  WebFormStudentEntriesQuery,
} from '../api/web-form-admin.graphql';
import { FormSubmissionQuery } from '../api/forms.graphql';
import { StatusBadge } from '../components/status-badge';
import { SubmissionDetail, type SubmissionData } from '../components/submission-detail';
import { BuilderTabs, Header, useForm } from './builder.page';
import { Review } from './submissions.page';

type Person = { id: string; fname: string; lname: string };
type Outcome = { error?: { graphQLErrors: { message: string }[] }; data?: Record<string, { message: string } | null> | null };

function useReport() {
  const { t } = useTranslation('forms');
  return (r: Outcome) => {
    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
    else showMessage(Object.values(r.data ?? {})[0]?.message ?? '', true);
    return !r.error;
  };
}

const people = (rows: Person[] | undefined) => (rows ?? []).map((p) => ({ value: p.id, label: `${p.fname} ${p.lname}`.trim() }));

/** /web-form/:formId/details: what the form is, its version, its fields and where its settings live. */
export function WebFormDetailsPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  return (
    <Stack gap="md" data-testid="web-form-details">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="details" />
      <Card withBorder>
        <Stack gap="xs">
          <Text>
            <b>{t('fields')}:</b> {form?.fields.length ?? 0} · <b>{t('entries')}:</b> {form?.entries_count ?? 0}
          </Text>
          {form?.fields.map((f) => (
            <Group key={f.id} gap="xs" data-testid="details-field">
              <Text fw={500}>{f.name}</Text>
              <Text c="dimmed" size="sm">
                {t(`types.${f.type}`)}
                {f.required ? ` · ${t('builder.required')}` : ''}
                {f.options.length ? ` · ${f.options.join(', ')}` : ''}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Group>
        <Button component={Link} variant="light" to={paths.webFormNotificationsLogs.to({ formId })}>
          {t('admin.notificationLogs')}
        </Button>
        <Button component={Link} variant="light" to={paths.webFormAutomationsLogs.to({ formId })}>
          {t('admin.automationLogs')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /web-form/:formId/notifications/settings: the addresses and staff told of each new or resubmitted entry. */
export function WebFormNotificationsSettingsPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const report = useReport();
  const [{ data }] = useQuery({ query: WebFormNotifySettingsQuery, variables: { form_id: formId } });
  const [, save] = useMutation(WebFormSaveNotifyMutation);
  const s = data?.getCustomFormNotificationSettings;
  const [enabled, setEnabled] = useState(false);
  const [emails, setEmails] = useState<string[]>([]);
  const [users, setUsers] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<string[]>(['submitted', 'resubmitted']);
  useEffect(() => {
    if (!s) return;
    setEnabled(s.enabled);
    setEmails(s.emails);
    setUsers(s.user_ids);
    setStatuses(s.statuses);
  }, [s]);
  return (
    <Stack gap="md" data-testid="web-form-notifications">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="notifications" />
      <Card withBorder maw={640}>
        <Stack>
          <Switch label={t('admin.notifyOn')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="notify-enabled" />
          <TagsInput label={t('admin.emails')} description={t('admin.emailsHint')} value={emails} onChange={setEmails} data-testid="notify-emails" />
          <MultiSelect label={t('admin.users')} data={people(data?.getCustomFormRecipients)} value={users} onChange={setUsers} searchable data-testid="notify-users" />
          <Checkbox.Group label={t('admin.when')} value={statuses} onChange={setStatuses}>
            <Group mt="xs">
              <Checkbox value="submitted" label={t('status.submitted')} />
              <Checkbox value="resubmitted" label={t('status.resubmitted')} />
            </Group>
          </Checkbox.Group>
          {s?.updated_at ? (
            <Text size="sm" c="dimmed">
              {t('updated')}: {formatDateTime(s.updated_at)}
            </Text>
          ) : null}
          <Group>
            <Button onClick={async () => report(await save({ form_id: formId, enabled, emails, user_ids: users, statuses }))} data-testid="notify-save">
              {t('save')}
            </Button>
            <Button component={Link} variant="subtle" to={paths.webFormNotificationsLogs.to({ formId })}>
              {t('admin.notificationLogs')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

type Rule = {
  name: string;
  enabled: boolean;
  match: string;
  conditions: { field_id: string; value: string }[];
  action: string;
  user_ids: string[];
  tag_id: string | null;
  subject: string | null;
  message: string | null;
};
const blankRule = (): Rule => ({ name: '', enabled: true, match: 'all', conditions: [], action: 'email_submitter', user_ids: [], tag_id: null, subject: null, message: null });

/** /web-form/:formId/automations/settings: rules that mail the submitter, notify staff or tag the child, once per matching entry. */
export function WebFormAutomationsSettingsPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const report = useReport();
  const [{ data }] = useQuery({ query: WebFormAutomationsQuery, variables: { form_id: formId } });
  const [, save] = useMutation(WebFormSaveAutomationsMutation);
  const [rules, setRules] = useState<Rule[]>([]);
  useEffect(() => {
    if (data) setRules(data.getCustomFormAutomationSettings.map(({ id: _id, conditions, ...r }) => ({ ...r, conditions: conditions.map((c) => ({ field_id: c.field_id, value: c.value })) })));
  }, [data]);
  const fields = (form?.fields ?? []).filter((f) => !['section', 'signature', 'file'].includes(f.type));
  const set = (i: number, patch: Partial<Rule>) => setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async () =>
    report(
      await save({
        form_id: formId,
        automations: rules.map((r) => ({ ...r, subject: r.subject || null, message: r.message || null })),
      }),
    );
  return (
    <Stack gap="md" data-testid="web-form-automations">
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current="automations" />
      {rules.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
      {rules.map((r, i) => (
        <Card withBorder key={i} data-testid="automation-rule">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <TextInput label={t('name')} value={r.name} onChange={(e) => set(i, { name: e.currentTarget.value })} style={{ flex: 1 }} data-testid="rule-name" />
              <ActionIcon variant="subtle" color="danger" aria-label={t('admin.removeRule')} onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Group grow>
              <Select
                label={t('admin.action')}
                data={['email_submitter', 'notify_users', 'tag_student'].map((a) => ({ value: a, label: t(`admin.actions.${a}`) }))}
                value={r.action}
                onChange={(v) => v && set(i, { action: v })}
                allowDeselect={false}
                data-testid="rule-action"
              />
              <Select
                label={t('admin.match')}
                data={[
                  { value: 'all', label: t('admin.matchAll') },
                  { value: 'any', label: t('admin.matchAny') },
                ]}
                value={r.match}
                onChange={(v) => v && set(i, { match: v })}
                allowDeselect={false}
              />
            </Group>
            {r.conditions.map((c, j) => {
              const f = fields.find((x) => x.id === c.field_id);
              const choices = f && f.options.length ? f.options : f?.type === 'checkbox' ? ['true', 'false'] : null;
              const setC = (patch: Partial<typeof c>) => set(i, { conditions: r.conditions.map((x, k) => (k === j ? { ...x, ...patch } : x)) });
              return (
                <Group key={j} wrap="wrap" align="end" data-testid="rule-condition">
                  <Select label={t('admin.field')} data={fields.map((x) => ({ value: x.id, label: x.name }))} value={c.field_id} onChange={(v) => v && setC({ field_id: v, value: '' })} maw={260} />
                  {choices ? (
                    <Select label={t('admin.equals')} data={choices} value={c.value || null} onChange={(v) => setC({ value: v ?? '' })} maw={260} />
                  ) : (
                    <TextInput label={t('admin.equals')} value={c.value} onChange={(e) => setC({ value: e.currentTarget.value })} maw={260} />
                  )}
                  <ActionIcon variant="subtle" color="danger" aria-label={t('admin.removeCondition')} onClick={() => set(i, { conditions: r.conditions.filter((_, k) => k !== j) })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} disabled={!fields.length} onClick={() => set(i, { conditions: [...r.conditions, { field_id: fields[0]!.id, value: '' }] })}>
              {t('admin.addCondition')}
            </Button>
            {r.action === 'notify_users' ? (
              <MultiSelect label={t('admin.users')} data={people(data?.getCustomFormRecipients)} value={r.user_ids} onChange={(v) => set(i, { user_ids: v })} searchable />
            ) : null}
            {r.action === 'tag_student' ? (
              <Select label={t('admin.tag')} data={(data?.getTags.data ?? []).map((x) => ({ value: x.id, label: x.name }))} value={r.tag_id} onChange={(v) => set(i, { tag_id: v })} searchable />
            ) : null}
            {r.action === 'email_submitter' ? <TextInput label={t('admin.subject')} value={r.subject ?? ''} onChange={(e) => set(i, { subject: e.currentTarget.value })} /> : null}
            {r.action !== 'tag_student' ? <Textarea label={t('admin.message')} value={r.message ?? ''} onChange={(e) => set(i, { message: e.currentTarget.value })} data-testid="rule-message" /> : null}
            <Switch label={t('admin.enabled')} checked={r.enabled} onChange={(e) => set(i, { enabled: e.currentTarget.checked })} />
          </Stack>
        </Card>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setRules((rs) => [...rs, blankRule()])} data-testid="rule-add">
          {t('admin.addRule')}
        </Button>
        <Button onClick={submit} data-testid="rules-save">
          {t('save')}
        </Button>
        <Button component={Link} variant="subtle" to={paths.webFormAutomationsLogs.to({ formId })}>
          {t('admin.automationLogs')}
        </Button>
      </Group>
    </Stack>
  );
}

type LogRow = { id: string; action: string; submission_id: string | null; recipient: string | null; status: string | null; detail: string | null; automation_name: string | null; created_at: string };

function Logs({ kind }: { kind: 'notification' | 'automation' }) {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({ query: WebFormLogsQuery, variables: { form_id: formId, kind, ...paging } });
  return (
    <Stack gap="md" data-testid={`web-form-${kind}-logs`}>
      <Header name={form?.name} version={form?.version} />
      <BuilderTabs current={kind === 'notification' ? 'notifications' : 'automations'} />
      <Title order={2} size="h4">
        {t(kind === 'notification' ? 'admin.notificationLogs' : 'admin.automationLogs')}
      </Title>
      <DataTable<LogRow>
        label={t(kind === 'notification' ? 'admin.notificationLogs' : 'admin.automationLogs')}
        rows={data?.getCustomFormLogs.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getCustomFormLogs.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          { key: 'created_at', header: t('admin.when'), render: (r) => formatDateTime(r.created_at) },
          ...(kind === 'automation' ? [{ key: 'automation_name', header: t('admin.rule'), render: (r: LogRow) => r.automation_name ?? '' }] : []),
          { key: 'action', header: t('admin.action'), render: (r) => t(`admin.sent.${r.action}`) },
          { key: 'recipient', header: t('admin.recipient'), render: (r) => r.recipient ?? '' },
          { key: 'status', header: t('statusLabel'), render: (r) => (r.status ? t(`admin.outcome.${r.status}`) : '') + (r.detail && r.status === 'skipped' ? ` · ${r.detail}` : '') },
          {
            key: 'entry',
            header: t('admin.entry'),
            render: (r) => (r.submission_id ? <Link to={paths.webFormViewEntry.to({ formId, entryId: r.submission_id })}>#{r.submission_id}</Link> : ''),
          },
        ]}
      />
    </Stack>
  );
}

export const WebFormNotificationsLogsPage = () => <Logs kind="notification" />;
export const WebFormAutomationsLogsPage = () => <Logs kind="automation" />;

/** /web-form/:formId/:entryId/view_entry: one entry with the review actions (approve, reject, request a change). */
export function WebFormViewEntryPage() {
  const { t } = useTranslation('forms');
  const { formId = '', entryId = '' } = useParams();
  const navigate = useNavigate();
  const { form } = useForm();
  return (
    <Stack gap="md" data-testid="web-form-view-entry">
      <Header name={form?.name} version={form?.version} />
      <Card withBorder>
        <Review id={entryId} done={() => navigate(paths.webFormManageEntries.to({ formId }))} />
      </Card>
      <Group>
        <Button component={Link} variant="subtle" to={paths.webFormEntryView.to({ formId, entryId })}>
          {t('admin.readOnly')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A submission read-only (no actions): the manager's entry_view, the parent's entry, the files pages. */
export function EntryReadOnly({ id, print = false }: { id: string; print?: boolean }) {
  const { t } = useTranslation('forms');
  const [{ data, fetching, error }] = useQuery({ query: FormSubmissionQuery, variables: { id } });
  const s: SubmissionData | undefined = data?.getSingleSubmissionDetail;
  if (fetching && !s) return null;
  if (error || !s) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Card withBorder>
      <SubmissionDetail s={s} />
      {print ? (
        <Group mt="md" className="no-print">
          <Button variant="light" onClick={() => window.print()} data-testid="entry-print">
            {t('admin.print')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

/** /web-form/:formId/:entryId/entry_view: an entry as it was sealed, to read or print. */
export function WebFormEntryViewPage() {
  const { formId = '', entryId = '' } = useParams();
  const { t } = useTranslation('forms');
  const { form } = useForm();
  return (
    <Stack gap="md" data-testid="web-form-entry-view">
      <Header name={form?.name} version={form?.version} />
      <EntryReadOnly id={entryId} print />
      <Group>
        <Button component={Link} variant="subtle" to={paths.webFormViewEntry.to({ formId, entryId })}>
          {t('review.title')}
        </Button>
      </Group>
    </Stack>
  );
}

type StudentEntry = { id: string; status: string; version: number; submitted_at: string; reviewed_at: string | null; student: Person };

/** /web-form/:formId/:Id/entries: one child's entries on this form (the live one and older rejected ones). */
export function WebFormStudentEntriesPage() {
  const { t } = useTranslation('forms');
  const { formId = '', Id = '' } = useParams();
  const { form } = useForm();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({ query: WebFormStudentEntriesQuery, variables: { form_id: formId, student_id: Id, ...paging } });
  const rows = data?.getWebFormEntries.data ?? [];
  return (
    <Stack gap="md" data-testid="web-form-student-entries">
      <Header name={form?.name} version={form?.version} />
      <Text fw={500}>{rows[0] ? `${rows[0].student.fname} ${rows[0].student.lname}` : ''}</Text>
      <DataTable<StudentEntry>
        label={t('entries')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getWebFormEntries.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          { key: 'submitted_at', header: t('submittedAt'), render: (r) => formatDateTime(r.submitted_at) },
          { key: 'version', header: t('version'), render: (r) => String(r.version) },
          { key: 'status', header: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
          { key: 'open', header: '', render: (r) => <Link to={paths.webFormViewEntry.to({ formId, entryId: r.id })}>{t('review.open')}</Link> },
        ]}
      />
    </Stack>
  );
}
