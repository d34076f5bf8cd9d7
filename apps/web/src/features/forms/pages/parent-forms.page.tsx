import { Alert, Button, Card, Checkbox, Group, NumberInput, Radio, SegmentedControl, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { roleAtLeast } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { SignaturePad } from '../../../components/signature-pad';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { FormMyChildrenQuery, FormSingleQuery, FormStudentFormsQuery, FormSubmissionQuery, FormSubmitMutation } from '../api/forms.graphql';
import { FileField, type AttachedFile } from '../components/file-field';
import { StatusBadge } from '../components/status-badge';
import { PrintedFill } from './printed.page';

type Field = { id: string; name: string; type: string; required: boolean; options: string[] };
type Assigned = { due_date: string | null; form: { id: string; name: string; description: string | null }; submission: { id: string; status: string } | null };

/** /user/students/forms: per child, the forms shared with the family — to fill, waiting, or to change and resubmit. */
export function ParentFormsPage() {
  const { t } = useTranslation('forms');
  const [{ data }] = useQuery({ query: FormMyChildrenQuery });
  const kids: { id: string; fname: string; full_name: string }[] = data?.students.data ?? [];
  return (
    <Stack gap="md" data-testid="parent-forms">
      <Title order={1} size="h2">
        {t('parent.title')}
      </Title>
      {data && !kids.length ? <Text c="dimmed">{t('empty')}</Text> : null}
      {kids.map((k) => (
        <ChildForms key={k.id} id={k.id} name={k.full_name} />
      ))}
    </Stack>
  );
}

function ChildForms({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('forms');
  const [{ data }] = useQuery({ query: FormStudentFormsQuery, variables: { student_id: id }, requestPolicy: 'cache-and-network' });
  const rows: Assigned[] = data?.getStudentSubmissions ?? [];
  return (
    <Card withBorder data-testid="child-forms">
      <Text fw={600} mb="xs">
        {name}
      </Text>
      {data && !rows.length ? <Text c="dimmed">{t('empty')}</Text> : null}
      <Stack gap="xs">
        {rows.map((r) => {
          const status = r.submission?.status ?? 'open';
          const fill = !r.submission || status === 'change_requested' || status === 'rejected';
          return (
            <Group key={r.form.id} justify="space-between" wrap="wrap" data-testid="assigned-form">
              <div>
                <Text>{r.form.name}</Text>
                {r.due_date ? (
                  <Text size="xs" c="dimmed">
                    {t('parent.due', { date: r.due_date })}
                  </Text>
                ) : null}
              </div>
              <Group gap="xs">
                <StatusBadge status={status} />
                {r.submission ? (
                  <Button size="xs" variant="subtle" component={Link} to={paths.webFormEntry.to({ Id: id, formId: r.form.id, entryId: r.submission.id })} data-testid="view-entry">
                    {t('parent.entry')}
                  </Button>
                ) : null}
                {fill ? (
                  <Button size="xs" component={Link} to={`${paths.webForm.to({ formId: r.form.id })}?student=${id}`} data-testid="fill-form">
                    {status === 'change_requested' ? t('parent.resubmit') : t('parent.fill')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/**
 * /web-form/:formId: a parent fills a shared form for a child (?student=), or resubmits it after a
 * change request (the entry's own version, with its values); staff go to the builder.
 */
export function WebFormPage() {
  const viewer = useViewer();
  const { formId = '' } = useParams();
  if (roleAtLeast(viewer.role, 'manager')) return <Navigate to={paths.webFormEdit.to({ formId })} replace />;
  if (roleAtLeast(viewer.role, 'teacher')) return <Navigate to={paths.webFormManageEntries.to({ formId })} replace />;
  return <FillForm formId={formId} />;
}

function FillForm({ formId }: { formId: string }) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const student = params.get('student') ?? '';
  const [form] = useQuery({ query: FormSingleQuery, variables: { id: formId } });
  const [assigned] = useQuery({ query: FormStudentFormsQuery, variables: { student_id: student }, pause: !student, requestPolicy: 'network-only' });
  const entry = (assigned.data?.getStudentSubmissions as Assigned[] | undefined)?.find((a) => a.form.id === formId)?.submission;
  const resubmit = entry?.status === 'change_requested';
  const [detail] = useQuery({ query: FormSubmissionQuery, variables: { id: entry?.id ?? '' }, pause: !resubmit });
  const fields: Field[] = resubmit ? (detail.data?.getSingleSubmissionDetail.fields ?? []).map((f: Omit<Field, 'options'> & { value: string | null }) => ({ ...f, options: form.data?.getSingleForm.fields.find((x: Field) => x.id === f.id)?.options ?? [] })) : (form.data?.getSingleForm.fields ?? []);
  const initial = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of detail.data?.getSingleSubmissionDetail.fields ?? []) if (f.value !== null) out[f.id] = f.value;
    return out;
  }, [detail.data]);
  // The files the entry already holds (a resubmission keeps them unless replaced).
  const initialFiles = useMemo(() => {
    const out: Record<string, AttachedFile> = {};
    for (const f of detail.data?.getSingleSubmissionDetail.fields ?? []) if (f.file) out[f.id] = { id: f.file.id, name: f.file.original_name, url: f.file.url ?? null };
    return out;
  }, [detail.data]);
  const [files, setFiles] = useState<Record<string, AttachedFile | null>>({});
  const [uploading, setUploading] = useState(0);
  const [values, setValues] = useState<Record<string, string>>({});
  const [sigs, setSigs] = useState<Record<string, { method: 'drawn' | 'typed'; image: string | null; typed: string }>>({});
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, submit] = useMutation(FormSubmitMutation);
  const value = (id: string) => values[id] ?? initial[id] ?? '';
  const set = (id: string, v: string) => setValues((x) => ({ ...x, [id]: v }));
  const cr = detail.data?.getSingleSubmissionDetail.change_request;

  // A printed form: filled and signed into its PDF (the printed forms page).
  if (form.data?.getSingleForm.type === 'printed') return <PrintedFill formId={formId} studentId={student} as="parent" />;
  if (!student) return <Alert color="orange">{t('fill.noChild')}</Alert>;
  const send = async () => {
    const signatures = fields
      .filter((f) => f.type === 'signature' && sigs[f.id])
      .flatMap((f) => {
        const s = sigs[f.id]!;
        if (s.method === 'drawn' ? !s.image : !s.typed.trim()) return [];
        return [{ field_id: f.id, method: s.method, image: s.method === 'drawn' ? s.image : null, typed_name: s.method === 'typed' ? s.typed : null }];
      });
    const r = await submit({
      form_id: formId,
      student_id: student,
      fields: fields.filter((f) => f.type !== 'section' && f.type !== 'signature').map((f) => ({ id: f.id, type: f.type, name: f.name, required: f.required, value: value(f.id) || null })),
      signatures,
      esign_consent: consent,
    });
    if (r.error) {
      const ext = r.error.graphQLErrors[0]?.extensions as { field?: string; errors?: { field: string; message: string }[] } | undefined;
      const byField: Record<string, string> = {};
      for (const e of ext?.errors ?? (ext?.field ? [{ field: ext.field, message: r.error.graphQLErrors[0]!.message }] : [])) byField[e.field] = e.message;
      setErrors(byField);
      showMessage(r.error.graphQLErrors[0]?.message ?? t('failed'), false);
      return;
    }
    showMessage(r.data?.submitForm.message ?? '', true);
    navigate(paths.userStudentsForms.to());
  };

  return (
    <Stack gap="md" maw={720} data-testid="fill-page">
      <Title order={1} size="h2">
        {form.data?.getSingleForm.name ?? t('title')}
      </Title>
      {form.data?.getSingleForm.instructions ? <Text c="dimmed">{form.data.getSingleForm.instructions}</Text> : null}
      {cr && !cr.resolved_at ? (
        <Alert color="orange" title={t('change.title')} data-testid="change-request">
          {cr.change}
          {cr.change_date ? ` · ${t('change.by', { date: cr.change_date })}` : ''}
          {cr.notes ? <Text size="sm">{cr.notes}</Text> : null}
        </Alert>
      ) : null}
      {fields.map((f) => {
        const error = errors[f.id];
        const common = { label: f.name, required: f.required, error, 'data-testid': `field-${f.id}` };
        switch (f.type) {
          case 'section':
            return <Title key={f.id} order={3} size="h4">{f.name}</Title>;
          case 'textarea':
            return <Textarea key={f.id} {...common} value={value(f.id)} onChange={(e) => set(f.id, e.currentTarget.value)} />;
          case 'number':
            return <NumberInput key={f.id} {...common} value={value(f.id)} onChange={(v) => set(f.id, String(v))} />;
          case 'date':
            return <TextInput key={f.id} type="date" {...common} value={value(f.id)} onChange={(e) => set(f.id, e.currentTarget.value)} />;
          case 'select':
            return <Select key={f.id} {...common} data={f.options} value={value(f.id) || null} onChange={(v) => set(f.id, v ?? '')} />;
          case 'radio':
            return (
              <Radio.Group key={f.id} {...common} value={value(f.id)} onChange={(v) => set(f.id, v)}>
                <Stack gap={4} mt={4}>
                  {f.options.map((o) => <Radio key={o} value={o} label={o} />)}
                </Stack>
              </Radio.Group>
            );
          case 'checkbox':
            return f.options.length ? (
              <Checkbox.Group key={f.id} {...common} value={value(f.id) ? (JSON.parse(value(f.id)) as string[]) : []} onChange={(v) => set(f.id, JSON.stringify(v))}>
                <Stack gap={4} mt={4}>
                  {f.options.map((o) => <Checkbox key={o} value={o} label={o} />)}
                </Stack>
              </Checkbox.Group>
            ) : (
              <Checkbox key={f.id} {...common} checked={value(f.id) === 'true'} onChange={(e) => set(f.id, String(e.currentTarget.checked))} />
            );
          case 'file': {
            const attached = f.id in files ? files[f.id]! : (initialFiles[f.id] ?? null);
            return (
              <FileField
                key={f.id}
                fieldId={f.id}
                label={f.name}
                required={f.required}
                error={error}
                studentId={student}
                attached={attached}
                onChange={(file) => {
                  setFiles((x) => ({ ...x, [f.id]: file }));
                  set(f.id, file?.id ?? '');
                }}
                onBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
              />
            );
          }
          case 'signature': {
            const s = sigs[f.id] ?? { method: 'drawn' as const, image: null, typed: '' };
            const put = (p: Partial<typeof s>) => setSigs((x) => ({ ...x, [f.id]: { ...s, ...p } }));
            return (
              <Card key={f.id} withBorder data-testid={`field-${f.id}`}>
                <Stack gap="xs">
                  <Text fw={600}>
                    {f.name}
                    {f.required ? ' *' : ''}
                  </Text>
                  <Checkbox label={t('fill.consent')} checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} data-testid="esign-consent" />
                  <SegmentedControl
                    value={s.method}
                    onChange={(v) => put({ method: v as 'drawn' | 'typed' })}
                    data={[
                      { value: 'drawn', label: t('fill.draw') },
                      { value: 'typed', label: t('fill.type') },
                    ]}
                    disabled={!consent}
                  />
                  {!consent ? (
                    <Text size="sm" c="dimmed">
                      {t('fill.consentFirst')}
                    </Text>
                  ) : s.method === 'drawn' ? (
                    <SignaturePad onChange={(image) => put({ image })} height={160} />
                  ) : (
                    <TextInput label={t('fill.typedName')} value={s.typed} onChange={(e) => put({ typed: e.currentTarget.value })} data-testid="typed-signature" />
                  )}
                  {error ? (
                    <Text c="danger" size="sm">
                      {error}
                    </Text>
                  ) : null}
                </Stack>
              </Card>
            );
          }
          default:
            return <TextInput key={f.id} {...common} value={value(f.id)} onChange={(e) => set(f.id, e.currentTarget.value)} />;
        }
      })}
      <Button onClick={send} size="md" disabled={uploading > 0} data-testid="fill-submit">
        {resubmit ? t('parent.resubmit') : t('fill.submit')}
      </Button>
    </Stack>
  );
}
