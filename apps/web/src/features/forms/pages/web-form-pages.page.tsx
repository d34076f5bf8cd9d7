import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { FormEntriesQuery, FormListQuery, FormStudentFormsQuery, FormSubmissionQuery } from '../api/forms.graphql';
import { StatusBadge } from '../components/status-badge';
import { AttachedLink, type SubmissionData } from '../components/submission-detail';
import { Header, useForm } from './builder.page';
import { EntryReadOnly } from './web-form-admin.page';

/** /web-form/:Id/:formId/:entryId/entry: a parent reads their child's entry (Id: the child). */
export function WebFormParentEntryPage() {
  const { t } = useTranslation('forms');
  const { Id = '', formId = '', entryId = '' } = useParams();
  return (
    <Stack gap="md" data-testid="parent-entry">
      <Title order={1} size="h2">
        {t('parent.entry')}
      </Title>
      <EntryReadOnly id={entryId} print />
      <Group>
        <Button component={Link} variant="subtle" to={paths.studentsFormReview.to({ studentId: Id, formId })}>
          {t('parent.review')}
        </Button>
        <Button component={Link} variant="subtle" to={paths.userStudentsForms.to()}>
          {t('parent.title')}
        </Button>
      </Group>
    </Stack>
  );
}

type Assigned = { due_date: string | null; form: { id: string; name: string; description: string | null }; submission: { id: string; status: string } | null };

function useChildForm() {
  const { studentId = '', formId = '' } = useParams();
  const [{ data, fetching }] = useQuery({ query: FormStudentFormsQuery, variables: { student_id: studentId } });
  const row = (data?.getStudentSubmissions as Assigned[] | undefined)?.find((r) => r.form.id === formId);
  return { studentId, formId, row, fetching: fetching && !data };
}

/**
 * students/:studentId/form/review/:formId: how a child's form stands — due date, status, the change
 * asked for — with the way to fill or resubmit it. Also /files/student/:studentId/form/:formId/submission (the sealed entry to keep or print).
 */
export function StudentFormReviewPage() {
  const { t } = useTranslation('forms');
  const { studentId, formId, row, fetching } = useChildForm();
  if (fetching) return null;
  const status = row?.submission?.status ?? 'open';
  const fill = row && (!row.submission || status === 'change_requested' || status === 'rejected');
  return (
    <Stack gap="md" data-testid="student-form-review">
      <Title order={1} size="h2">
        {row?.form.name ?? t('parent.title')}
      </Title>
      {!row ? <Text c="dimmed">{t('empty')}</Text> : null}
      {row ? (
        <Group>
          <StatusBadge status={status} />
          {row.due_date ? <Text size="sm">{t('parent.due', { date: row.due_date })}</Text> : null}
          {fill ? (
            <Button size="xs" component={Link} to={`${paths.webForm.to({ formId })}?student=${studentId}`} data-testid="review-fill">
              {status === 'change_requested' ? t('parent.resubmit') : t('parent.fill')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {row?.submission ? <EntryReadOnly id={row.submission.id} print /> : null}
    </Stack>
  );
}

/** /files/student/:studentId/form/:formId/document/submission: the files a family attached to a child's form entry. */
export function StudentFormDocumentsPage() {
  const { t } = useTranslation('forms');
  const { row, fetching } = useChildForm();
  const [{ data }] = useQuery({ query: FormSubmissionQuery, variables: { id: row?.submission?.id ?? '' }, pause: !row?.submission });
  const s: SubmissionData | undefined = data?.getSingleSubmissionDetail;
  const files = (s?.fields ?? []).filter((f) => f.type === 'file');
  if (fetching) return null;
  return (
    <Stack gap="md" data-testid="student-form-documents">
      <Title order={1} size="h2">
        {row?.form.name ?? t('parent.title')} · {t('parent.documents')}
      </Title>
      {!files.length ? <Text c="dimmed">{t('empty')}</Text> : null}
      {files.map((f) => (
        <Card withBorder key={f.id} data-testid="form-document">
          <Text size="sm" c="dimmed">
            {f.name}
          </Text>
          <AttachedLink file={f.file ?? null} />
        </Card>
      ))}
    </Stack>
  );
}

/** /form-details/:formId: a form as staff read it — description, instructions, version and fields. */
export function FormDetailsPage() {
  const { t } = useTranslation('forms');
  const { formId, form } = useForm();
  return (
    <Stack gap="md" data-testid="form-details">
      <Header name={form?.name} version={form?.version} />
      <Card withBorder>
        <Stack gap="xs">
          {form?.fields.length ? null : <Text c="dimmed">{t('empty')}</Text>}
          {form?.fields.map((f) => (
            <Group key={f.id} gap="xs">
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
        <Button component={Link} variant="light" to={paths.filesFormSubmission.to({ formId })}>
          {t('entries')} ({form?.entries_count ?? 0})
        </Button>
      </Group>
    </Stack>
  );
}

type FormRow = { id: string; name: string; version: number; entries_count: number; updated_at: string };

/** /shared/forms: the web forms of the staff member's locations with their entries. */
export function SharedFormsPage() {
  const { t } = useTranslation('forms');
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({ query: FormListQuery, variables: { type: 'web', ...paging } });
  return (
    <Stack gap="md" data-testid="shared-forms">
      <Title order={1} size="h2">
        {t('sharedForms')}
      </Title>
      <DataTable<FormRow>
        label={t('sharedForms')}
        rows={data?.getForms.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getForms.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          { key: 'name', header: t('name'), render: (r) => <Anchor component={Link} to={paths.formDetails.to({ formId: r.id })}>{r.name}</Anchor> },
          { key: 'version', header: t('version'), render: (r) => String(r.version) },
          { key: 'entries_count', header: t('entries'), render: (r) => <Anchor component={Link} to={paths.filesFormSubmission.to({ formId: r.id })}>{r.entries_count}</Anchor> },
          { key: 'updated_at', header: t('updated'), render: (r) => formatDateTime(r.updated_at) },
        ]}
      />
    </Stack>
  );
}

type EntryRow = { id: string; status: string; submitted_at: string; student: { fname: string; lname: string } };

/** /files/form/:formId/submission: a form's entries (staff of the children), each opened read-only. */
export function FilesFormSubmissionPage() {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const { form } = useForm();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [open, setOpen] = useState<string | null>(null);
  const [{ data, fetching }] = useQuery({ query: FormEntriesQuery, variables: { form_id: formId, ...paging } });
  return (
    <Stack gap="md" data-testid="form-submission-files">
      <Header name={form?.name} version={form?.version} />
      <DataTable<EntryRow>
        label={t('entries')}
        rows={data?.getWebFormEntries.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getWebFormEntries.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          { key: 'student', header: t('child'), render: (r) => `${r.student.fname} ${r.student.lname}` },
          { key: 'submitted_at', header: t('submittedAt'), render: (r) => formatDateTime(r.submitted_at) },
          { key: 'status', header: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'open',
            header: '',
            render: (r) => (
              <Button size="xs" variant="light" onClick={() => setOpen(r.id)}>
                {t('review.open')}
              </Button>
            ),
          },
        ]}
      />
      <Modal opened={Boolean(open)} onClose={() => setOpen(null)} title={t('review.title')} size="lg">
        {open ? <EntryReadOnly id={open} print /> : null}
      </Modal>
    </Stack>
  );
}
