import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { roleAtLeast } from '@kv/shared';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useClient, useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import { SignaturePad } from '../../../components/signature-pad';
import { currentLocation } from '../../../lib/current-location';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { uploadFile } from '../../../lib/upload-file';
import {
  PrintedCreateMutationDoc,
  PrintedEntriesQueryDoc,
  PrintedFormQueryDoc,
  PrintedListQueryDoc,
  PrintedSaveLayoutMutationDoc,
  PrintedStudentsQueryDoc,
  PrintedSubmitParentMutationDoc,
  PrintedSubmitStaffMutationDoc,
  PrintedVerifyQueryDoc,
} from '../api/printed.graphql';
import { PdfPages } from '../components/pdf-pages';
import { StatusBadge } from '../components/status-badge';

type Placement = { page: number; x: number; y: number; w: number; h: number };
type PrintedField = { id: string | null; key: string; name: string; type: string; required: boolean; placement: Placement };
const TYPES = ['text', 'date', 'checkbox', 'signature'] as const;
const SIZE: Record<string, { w: number; h: number }> = {
  text: { w: 0.4, h: 0.03 },
  date: { w: 0.22, h: 0.03 },
  checkbox: { w: 0.03, h: 0.024 },
  signature: { w: 0.4, h: 0.07 },
};
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** The first GraphQL error's message, or the generic one. */
const errorOf = (e: { graphQLErrors: { message: string }[]; message: string } | undefined, fallback: string) =>
  e?.graphQLErrors[0]?.message ?? e?.message ?? fallback;

function FormTabs({ value }: { value: 'web-forms' | 'printed-forms' }) {
  const { t } = useTranslation(['forms', 'shell']);
  const navigate = useNavigate();
  return (
    <Tabs value={value} onChange={(v) => v === 'web-forms' && navigate(paths.formsWebForms.to())}>
      <Tabs.List>
        <Tabs.Tab value="web-forms">{t('forms:webForms')}</Tabs.Tab>
        <Tabs.Tab value="printed-forms">{t('shell:menu.printedForms')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

type ListRow = {
  id: string;
  name: string;
  version: number;
  page_count: number | null;
  entries_count: number;
  updated_at: string;
  fields: { id: string }[];
};

/** /forms/printed-forms: the printed PDF forms of the viewer's locations; managers upload a PDF to make one. */
export function PrintedFormsPage() {
  const { t } = useTranslation(['forms', 'shell']);
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const navigate = useNavigate();
  const client = useClient();
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [search, setSearch] = useState('');
  const [{ data, fetching }] = useQuery({
    query: PrintedListQueryDoc,
    variables: { location_id: location?.id ?? null, search: search || null, page, first },
  });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [, create] = useMutation(PrintedCreateMutationDoc);
  const rows: ListRow[] = data?.getForms.data ?? [];

  const submit = async () => {
    if (!location?.id) return showMessage(t('forms:pickLocation'), false);
    if (!file) return;
    setBusy(true);
    try {
      const up = await uploadFile(client, 'printed_form', location.id, file);
      if ('error' in up) return showMessage(up.error, false);
      const r = await create({ location_id: location.id, name: name.trim(), file_id: up.id });
      if (r.error) return showMessage(errorOf(r.error, t('forms:failed')), false);
      showMessage(r.data?.createForm.message ?? '', true);
      setCreating(false);
      if (r.data?.createForm.form) navigate(paths.printedForm.to({ formId: r.data.createForm.form.id }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="printed-forms-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('shell:menu.printedForms')}
        </Title>
        {manager ? (
          <Button onClick={() => setCreating(true)} data-testid="printed-create">
            {t('forms:printed.create')}
          </Button>
        ) : null}
      </Group>
      <FormTabs value="printed-forms" />
      <DataTable<ListRow>
        label={t('shell:menu.printedForms')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{
          paginatorInfo: data?.getForms.paginatorInfo ?? null,
          onPage: (p) => (setPage(p.page), setFirst(p.first)),
          onSearch: setSearch,
        }}
        columns={[
          {
            key: 'name',
            header: t('forms:name'),
            render: (r) => (
              <Link to={paths.printedForm.to({ formId: r.id })} data-testid="printed-link">
                {r.name}
              </Link>
            ),
          },
          { key: 'pages', header: t('forms:printed.pages'), render: (r) => r.page_count ?? '' },
          { key: 'fields', header: t('forms:fields'), render: (r) => r.fields.length },
          { key: 'version', header: t('forms:version'), render: (r) => r.version },
          {
            key: 'entries',
            header: t('forms:entries'),
            render: (r) => <Link to={paths.printedFormManageEntries.to({ formId: r.id })}>{r.entries_count}</Link>,
          },
          { key: 'updated', header: t('forms:updated'), render: (r) => formatDateTime(r.updated_at) },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('forms:printed.create')}>
        <Stack>
          <TextInput
            label={t('forms:name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-testid="printed-name"
          />
          <FileInput
            label={t('forms:printed.pdf')}
            description={t('forms:printed.pdfHint')}
            accept="application/pdf"
            value={file}
            onChange={setFile}
            required
            data-testid="printed-file"
          />
          <Button onClick={submit} loading={busy} disabled={!name.trim() || !file} data-testid="printed-create-save">
            {t('forms:save')}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The links between a printed form's pages (layout, entries, details). */
function PrintedNav({ formId, value }: { formId: string; value: 'layout' | 'entries' | 'details' }) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const to = {
    layout: paths.printedForm.to({ formId }),
    entries: paths.printedFormManageEntries.to({ formId }),
    details: paths.printedFormDetails.to({ formId }),
  };
  return (
    <Tabs value={value} onChange={(v) => v && navigate(to[v as keyof typeof to])}>
      <Tabs.List>
        <Tabs.Tab value="layout">{t('printed.layout')}</Tabs.Tab>
        <Tabs.Tab value="entries">{t('entries')}</Tabs.Tab>
        <Tabs.Tab value="details">{t('printed.details')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/**
 * /printed-form/:formId: the form's PDF drawn with pdf.js and its fields as boxes on the pages.
 * Managers add fields, drag them to their line, resize them from the corner and save the layout
 * (a version with entries becomes a new version); teachers see it.
 */
export function PrintedFormPage() {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const viewer = useViewer();
  const manager = roleAtLeast(viewer.role, 'manager');
  const [{ data, error }] = useQuery({ query: PrintedFormQueryDoc, variables: { id: formId } });
  const form = data?.getSingleForm;
  const [fields, setFields] = useState<PrintedField[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [newType, setNewType] = useState<string>('text');
  const [newName, setNewName] = useState('');
  const [newPage, setNewPage] = useState<number>(1);
  const [, save] = useMutation(PrintedSaveLayoutMutationDoc);

  useEffect(() => {
    if (!form) return;
    setFields(
      form.fields
        .filter((f) => f.placement)
        .map((f) => ({ id: f.id, key: f.id, name: f.name, type: f.type, required: f.required, placement: { ...f.placement! } })),
    );
    setDirty(false);
  }, [form]);

  if (error) return <Alert color="orange">{errorOf(error, t('failed'))}</Alert>;
  if (!form) return null;
  const pages = form.page_count ?? 1;
  const update = (key: string, patch: Partial<PrintedField>) => {
    setFields((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
    setDirty(true);
  };
  const add = () => {
    const size = SIZE[newType]!;
    const key = `new-${Date.now()}`;
    setFields((list) => [
      ...list,
      {
        id: null,
        key,
        name: newName.trim(),
        type: newType,
        required: newType === 'signature',
        placement: { page: clamp(newPage, 1, pages), x: 0.1, y: 0.1, ...size },
      },
    ]);
    setSelected(key);
    setNewName('');
    setDirty(true);
  };
  const submit = async () => {
    const r = await save({
      form_id: form.id,
      fields: fields.map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        required: f.required,
        placement: {
          page: f.placement.page,
          x: round(f.placement.x),
          y: round(f.placement.y),
          w: round(f.placement.w),
          h: round(f.placement.h),
        },
      })),
    });
    if (r.error) return showMessage(errorOf(r.error, t('failed')), false);
    showMessage(r.data?.savePrintedFormFields.message ?? '', true);
    setDirty(false);
  };
  const current = fields.find((f) => f.key === selected) ?? null;

  return (
    <Stack gap="md" data-testid="printed-form-page">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {form.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('versionOf', { version: form.version })} · {t('printed.pageCount', { count: pages })}
          </Text>
        </div>
        {manager ? (
          <Button onClick={submit} disabled={!dirty} data-testid="printed-save">
            {t('printed.saveLayout')}
          </Button>
        ) : null}
      </Group>
      <PrintedNav formId={form.id} value="layout" />
      {manager ? (
        <Card withBorder>
          <Group align="end" wrap="wrap">
            <Select
              label={t('printed.fieldType')}
              data={TYPES.map((x) => ({ value: x, label: t(`printed.type.${x}`) }))}
              value={newType}
              onChange={(v) => setNewType(v ?? 'text')}
              allowDeselect={false}
              w={150}
              data-testid="printed-new-type"
            />
            <TextInput
              label={t('printed.fieldName')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              data-testid="printed-new-name"
            />
            <NumberInput
              label={t('printed.page')}
              min={1}
              max={pages}
              value={newPage}
              onChange={(v) => setNewPage(Number(v) || 1)}
              w={90}
            />
            <Button onClick={add} disabled={!newName.trim()} data-testid="printed-add-field">
              {t('printed.addField')}
            </Button>
          </Group>
          {current ? (
            <Group mt="sm" wrap="wrap" data-testid="printed-selected">
              <TextInput
                label={t('printed.fieldName')}
                value={current.name}
                onChange={(e) => update(current.key, { name: e.currentTarget.value })}
              />
              <Switch
                label={t('printed.required')}
                checked={current.required}
                onChange={(e) => update(current.key, { required: e.currentTarget.checked })}
                mt="lg"
              />
              <ActionIcon
                variant="subtle"
                color="danger"
                mt="lg"
                aria-label={t('printed.removeField')}
                onClick={() => {
                  setFields((list) => list.filter((f) => f.key !== current.key));
                  setSelected(null);
                  setDirty(true);
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ) : (
            <Text size="sm" c="dimmed" mt="xs">
              {t('printed.placeHint')}
            </Text>
          )}
        </Card>
      ) : null}
      {!fields.length ? <Text c="dimmed">{t('printed.noFields')}</Text> : null}
      {form.pdf?.url ? (
        <div style={{ maxWidth: 900 }}>
          <PdfPages
            url={form.pdf.url}
            overlay={(page) =>
              fields
                .filter((f) => f.placement.page === page)
                .map((f) => (
                  <FieldBox
                    key={f.key}
                    field={f}
                    editable={manager}
                    selected={f.key === selected}
                    onSelect={() => setSelected(f.key)}
                    onChange={(placement) => update(f.key, { placement })}
                  />
                ))
            }
          />
        </div>
      ) : (
        <Alert color="orange">{t('printed.noPdf')}</Alert>
      )}
    </Stack>
  );
}

/** A field's box on its page: dragged to move, its corner dragged to resize (fractions of the page). */
function FieldBox({
  field,
  editable,
  selected,
  onSelect,
  onChange,
}: {
  field: PrintedField;
  editable: boolean;
  selected: boolean;
  onSelect(): void;
  onChange(p: Placement): void;
}) {
  const { t } = useTranslation('forms');
  const box = useRef<HTMLDivElement | null>(null);
  const start = (e: ReactPointerEvent, mode: 'move' | 'resize') => {
    if (!editable) return;
    e.preventDefault();
    e.stopPropagation();
    onSelect();
    const page = box.current?.parentElement?.getBoundingClientRect();
    if (!page) return;
    const from = { x: e.clientX, y: e.clientY, p: { ...field.placement } };
    const move = (ev: PointerEvent) => {
      const dx = (ev.clientX - from.x) / page.width;
      const dy = (ev.clientY - from.y) / page.height;
      const p = from.p;
      if (mode === 'move') onChange({ ...p, x: clamp(p.x + dx, 0, 1 - p.w), y: clamp(p.y + dy, 0, 1 - p.h) });
      else onChange({ ...p, w: clamp(p.w + dx, 0.01, 1 - p.x), h: clamp(p.h + dy, 0.01, 1 - p.y) });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const p = field.placement;
  return (
    <div
      ref={box}
      role={editable ? 'button' : undefined}
      aria-label={`${t(`printed.type.${field.type}`)}: ${field.name}`}
      data-testid="printed-field-box"
      onPointerDown={(e) => start(e, 'move')}
      style={{
        position: 'absolute',
        left: `${p.x * 100}%`,
        top: `${p.y * 100}%`,
        width: `${p.w * 100}%`,
        height: `${p.h * 100}%`,
        border: `2px solid ${selected ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-blue-4)'}`,
        background: 'rgba(34, 139, 230, 0.12)',
        cursor: editable ? 'move' : 'default',
        touchAction: 'none',
        fontSize: 10,
        lineHeight: 1.1,
        overflow: 'hidden',
        color: 'var(--mantine-color-blue-9)',
      }}
    >
      <span style={{ paddingLeft: 2 }}>{field.name}</span>
      {editable ? (
        <span
          onPointerDown={(e) => start(e, 'resize')}
          aria-hidden
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: 10,
            height: 10,
            background: 'var(--mantine-color-blue-7)',
            cursor: 'nwse-resize',
          }}
        />
      ) : null}
    </div>
  );
}

type EntryRow = {
  id: string;
  status: string;
  version: number;
  submitted_at: string;
  student: { id: string; fname: string; lname: string };
  submitted_by: { fname: string; lname: string } | null;
  signed_pdf: { id: string; url: string | null } | null;
};

/** /printed-form/:formId/manage_entries: the signed entries with their PDFs and seal checks; staff sign for a child. */
export function PrintedFormEntriesPage() {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(25);
  const [status, setStatus] = useState<string | null>(null);
  const [form] = useQuery({ query: PrintedFormQueryDoc, variables: { id: formId } });
  const [{ data, fetching }] = useQuery({ query: PrintedEntriesQueryDoc, variables: { form_id: formId, status, page, first } });
  // The sign-for-a-child picker: staff who may list the children (students.view).
  const mayPick = useViewer().permissions.includes('students.view');
  const [kids] = useQuery({
    query: PrintedStudentsQueryDoc,
    variables: { location_id: form.data?.getSingleForm.location_id ?? null },
    pause: !form.data || !mayPick,
  });
  const [child, setChild] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [verified] = useQuery({
    query: PrintedVerifyQueryDoc,
    variables: { submission_id: checking ?? '' },
    pause: !checking,
    requestPolicy: 'network-only',
  });
  const rows: EntryRow[] = data?.getCustomFormEntries.data ?? [];
  const v = verified.data?.verifySignedPdf;

  return (
    <Stack gap="md" data-testid="printed-entries-page">
      <Title order={1} size="h2">
        {form.data?.getSingleForm.name ?? t('entries')}
      </Title>
      <PrintedNav formId={formId} value="entries" />
      <Group align="end" wrap="wrap">
        <Select
          label={t('statusLabel')}
          placeholder={t('allStatuses')}
          data={['submitted', 'approved', 'rejected', 'change_requested', 'resubmitted'].map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
          value={status}
          onChange={(s) => (setStatus(s), setPage(1))}
          clearable
          w={200}
        />
        {mayPick ? (
          <>
            <Select
              label={t('printed.signFor')}
              data={(kids.data?.students.data ?? []).map((k) => ({ value: k.id, label: k.full_name }))}
              value={child}
              onChange={setChild}
              searchable
              w={220}
              data-testid="printed-sign-child"
            />
            <Button
              disabled={!child}
              onClick={() => child && navigate(`${paths.filesFormSubmission.to({ formId })}?student=${child}`)}
              data-testid="printed-sign-for"
            >
              {t('printed.fillAndSign')}
            </Button>
          </>
        ) : null}
      </Group>
      {v ? (
        <Alert color={v.valid ? 'green' : 'red'} data-testid="printed-verify-result" withCloseButton onClose={() => setChecking(null)}>
          {v.valid ? t('printed.sealValid') : t('printed.sealBroken')} · SHA-256 {v.hash.slice(0, 16)}…
        </Alert>
      ) : null}
      <DataTable<EntryRow>
        label={t('entries')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getCustomFormEntries.paginatorInfo ?? null, onPage: (p) => (setPage(p.page), setFirst(p.first)) }}
        columns={[
          { key: 'child', header: t('child'), render: (r) => `${r.student.fname} ${r.student.lname}` },
          { key: 'by', header: t('submittedBy'), render: (r) => (r.submitted_by ? `${r.submitted_by.fname} ${r.submitted_by.lname}` : '') },
          { key: 'at', header: t('submittedAt'), render: (r) => formatDateTime(r.submitted_at) },
          { key: 'status', header: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'pdf',
            header: t('printed.signedPdf'),
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                {r.signed_pdf?.url ? (
                  <Anchor href={r.signed_pdf.url} target="_blank" rel="noreferrer" data-testid="printed-signed-link">
                    {t('printed.open')}
                  </Anchor>
                ) : null}
                <Button size="compact-xs" variant="subtle" onClick={() => setChecking(r.id)} data-testid="printed-verify">
                  {t('printed.verify')}
                </Button>
                <Anchor component={Link} to={`${paths.submissions.to()}?id=${r.id}`} size="sm">
                  {t('printed.review')}
                </Anchor>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** /printed-form/:formId/details: what the form is and its fields, with the share page for families. */
export function PrintedFormDetailsPage() {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const viewer = useViewer();
  const [{ data, error }] = useQuery({ query: PrintedFormQueryDoc, variables: { id: formId } });
  if (error) return <Alert color="orange">{errorOf(error, t('failed'))}</Alert>;
  const form = data?.getSingleForm;
  if (!form) return null;
  return (
    <Stack gap="md" data-testid="printed-details-page">
      <Title order={1} size="h2">
        {form.name}
      </Title>
      <PrintedNav formId={form.id} value="details" />
      {form.description ? <Text>{form.description}</Text> : null}
      <Group gap="xs" wrap="wrap">
        <Badge variant="light">{t('versionOf', { version: form.version })}</Badge>
        <Badge variant="light">{t('printed.pageCount', { count: form.page_count ?? 0 })}</Badge>
        <Badge variant="light">
          {t('entries')}: {form.entries_count}
        </Badge>
        {form.pdf?.url ? (
          <Anchor href={form.pdf.url} target="_blank" rel="noreferrer">
            {t('printed.blankPdf')}
          </Anchor>
        ) : null}
      </Group>
      {roleAtLeast(viewer.role, 'manager') ? (
        <Button
          component={Link}
          to={paths.webFormShare.to({ formId: form.id })}
          variant="light"
          w="fit-content"
          data-testid="printed-share"
        >
          {t('printed.share')}
        </Button>
      ) : null}
      {form.fields.length ? (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('printed.fieldName')}</Table.Th>
                <Table.Th>{t('printed.fieldType')}</Table.Th>
                <Table.Th>{t('printed.page')}</Table.Th>
                <Table.Th>{t('printed.required')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.fields.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.name}</Table.Td>
                  <Table.Td>{t(`printed.type.${f.type}`, { defaultValue: f.type })}</Table.Td>
                  <Table.Td>{f.placement?.page ?? ''}</Table.Td>
                  <Table.Td>{f.required ? '✓' : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">{t('empty')}</Text>
      )}
    </Stack>
  );
}

/** /files/form/:formId/submission?student=: staff fill and sign a printed form for a child. */
export function PrintedStaffFillPage() {
  const { formId = '' } = useParams();
  const [params] = useSearchParams();
  return <PrintedFill formId={formId} studentId={params.get('student') ?? ''} as="staff" />;
}

type Sig = { method: 'drawn' | 'typed'; image: string | null; typed: string };

/**
 * Fills and signs a printed form for a child (a parent for their own child, or staff): the PDF
 * shown with its fields, the values entered below it (phone-sized), each signature drawn on the
 * shared pad or typed after the ESIGN consent. The server writes them into the PDF and seals it.
 */
export function PrintedFill({ formId, studentId, as }: { formId: string; studentId: string; as: 'parent' | 'staff' }) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const [{ data, error }] = useQuery({ query: PrintedFormQueryDoc, variables: { id: formId } });
  const [values, setValues] = useState<Record<string, string>>({});
  const [sigs, setSigs] = useState<Record<string, Sig>>({});
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [signedUrl, setSignedUrl] = useState<string | null>(null);
  const [, submitParent] = useMutation(PrintedSubmitParentMutationDoc);
  const [, submitStaff] = useMutation(PrintedSubmitStaffMutationDoc);
  const form = data?.getSingleForm;
  const fields = useMemo(
    () =>
      [...(form?.fields ?? [])].sort(
        (a, b) => (a.placement?.page ?? 0) - (b.placement?.page ?? 0) || (a.placement?.y ?? 0) - (b.placement?.y ?? 0),
      ),
    [form],
  );

  if (!studentId) return <Alert color="orange">{t('fill.noChild')}</Alert>;
  if (error) return <Alert color="orange">{errorOf(error, t('failed'))}</Alert>;
  if (!form) return null;

  const send = async () => {
    setBusy(true);
    const signatures = fields.flatMap((f) => {
      const s = sigs[f.id];
      if (f.type !== 'signature' || !s || (s.method === 'drawn' ? !s.image : !s.typed.trim())) return [];
      return [
        {
          field_id: f.id,
          method: s.method,
          image: s.method === 'drawn' ? s.image : null,
          typed_name: s.method === 'typed' ? s.typed : null,
        },
      ];
    });
    const vars = {
      form_id: formId,
      student_id: studentId,
      fields: fields
        .filter((f) => f.type !== 'signature')
        .map((f) => ({ id: f.id, type: f.type, value: values[f.id] ?? (f.type === 'checkbox' ? 'false' : null) })),
      signatures,
      esign_consent: consent,
    };
    const r = as === 'parent' ? await submitParent(vars) : await submitStaff(vars);
    setBusy(false);
    if (r.error) {
      const ext = r.error.graphQLErrors[0]?.extensions as { field?: string; errors?: { field: string; message: string }[] } | undefined;
      const byField: Record<string, string> = {};
      for (const e of ext?.errors ?? (ext?.field ? [{ field: ext.field, message: r.error.graphQLErrors[0]!.message }] : []))
        byField[e.field] = e.message;
      setErrors(byField);
      showMessage(errorOf(r.error, t('failed')), false);
      return;
    }
    const result = (r.data && ('submitPdfFormParent' in r.data ? r.data.submitPdfFormParent : r.data.submitPdfFormStaff)) ?? null;
    showMessage(result?.message ?? '', true);
    setSignedUrl(result?.submission?.signed_pdf?.url ?? null);
  };

  if (signedUrl !== null)
    return (
      <Stack gap="md" maw={720} data-testid="printed-signed">
        <Title order={1} size="h2">
          {form.name}
        </Title>
        <Alert color="green">{t('printed.signedDone')}</Alert>
        <Group>
          <Button component="a" href={signedUrl} target="_blank" rel="noreferrer" data-testid="printed-signed-open">
            {t('printed.openSigned')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => navigate(as === 'parent' ? paths.userStudentsForms.to() : paths.printedFormManageEntries.to({ formId }))}
          >
            {t('printed.back')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md" maw={720} data-testid="printed-fill">
      <Title order={1} size="h2">
        {form.name}
      </Title>
      {form.instructions ? <Text c="dimmed">{form.instructions}</Text> : null}
      {form.pdf?.url ? (
        <Card withBorder p="xs">
          <PdfPages
            url={form.pdf.url}
            overlay={(page) =>
              fields
                .filter((f) => f.placement?.page === page)
                .map((f) => (
                  <div
                    key={f.id}
                    style={{
                      position: 'absolute',
                      left: `${f.placement!.x * 100}%`,
                      top: `${f.placement!.y * 100}%`,
                      width: `${f.placement!.w * 100}%`,
                      height: `${f.placement!.h * 100}%`,
                      background: errors[f.id] ? 'rgba(224, 49, 49, 0.2)' : 'rgba(250, 176, 5, 0.18)',
                    }}
                  />
                ))
            }
          />
        </Card>
      ) : null}
      {fields.map((f) => {
        const error = errors[f.id];
        const common = { label: f.name, required: f.required, error, 'data-testid': `printed-field-${f.id}` };
        if (f.type === 'date')
          return (
            <TextInput
              key={f.id}
              type="date"
              {...common}
              value={values[f.id] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.currentTarget.value }))}
            />
          );
        if (f.type === 'checkbox')
          return (
            <Checkbox
              key={f.id}
              {...common}
              checked={values[f.id] === 'true'}
              onChange={(e) => setValues((v) => ({ ...v, [f.id]: String(e.currentTarget.checked) }))}
            />
          );
        if (f.type === 'signature') {
          const s = sigs[f.id] ?? { method: 'drawn' as const, image: null, typed: '' };
          const put = (p: Partial<Sig>) => setSigs((x) => ({ ...x, [f.id]: { ...s, ...p } }));
          return (
            <Card key={f.id} withBorder data-testid={`printed-field-${f.id}`}>
              <Stack gap="xs">
                <Text fw={600}>
                  {f.name}
                  {f.required ? ' *' : ''}
                </Text>
                <Checkbox
                  label={t('fill.consent')}
                  checked={consent}
                  onChange={(e) => setConsent(e.currentTarget.checked)}
                  data-testid="esign-consent"
                />
                <SegmentedControl
                  value={s.method}
                  onChange={(m) => put({ method: m as Sig['method'] })}
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
                  <TextInput
                    label={t('fill.typedName')}
                    value={s.typed}
                    onChange={(e) => put({ typed: e.currentTarget.value })}
                    data-testid="typed-signature"
                  />
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
        return (
          <TextInput
            key={f.id}
            {...common}
            value={values[f.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.currentTarget.value }))}
          />
        );
      })}
      <Button onClick={send} size="md" loading={busy} data-testid="printed-submit">
        {t('printed.signAndSend')}
      </Button>
    </Stack>
  );
}
