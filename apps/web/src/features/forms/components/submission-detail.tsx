import { Anchor, Card, Code, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from './status-badge';

export type SubmissionData = {
  id: string;
  form_name: string;
  version: number;
  status: string;
  hash: string;
  note: string | null;
  submitted_at: string;
  student: { fname: string; lname: string };
  fields: { id: string; type: string; name: string; value: string | null; file?: { id: string; original_name: string; url: string | null } | null }[];
  signatures: { id: string; field_id: string; method: string; image: string | null; typed_name: string | null; signer_name: string; signed_at: string; ip: string | null; hash: string }[];
  change_request: { change: string; change_date: string | null; notes: string | null; resolved_at: string | null } | null;
};

function shown(type: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (type === 'checkbox' && value.startsWith('[')) return (JSON.parse(value) as string[]).join(', ');
  return value;
}

/** A file field's attachment: its name, opening the signed URL; a dash when none. */
export function AttachedLink({ file }: { file: { id: string; original_name: string; url: string | null } | null }) {
  if (!file) return <Text>—</Text>;
  return file.url ? (
    <Anchor href={file.url} target="_blank" rel="noopener" data-testid="attached-file">
      {file.original_name}
    </Anchor>
  ) : (
    <Text>{file.original_name}</Text>
  );
}

/** An entry as a reviewer reads it: values of its own version, each signature with its seal. */
export function SubmissionDetail({ s }: { s: SubmissionData }) {
  const { t } = useTranslation('forms');
  return (
    <Stack gap="sm" data-testid="submission-detail">
      <Group justify="space-between">
        <Text fw={600}>
          {s.form_name} · {s.student.fname} {s.student.lname}
        </Text>
        <StatusBadge status={s.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('versionOf', { version: s.version })} · {formatDateTime(s.submitted_at)}
      </Text>
      {s.fields
        .filter((f) => f.type !== 'section' && f.type !== 'signature')
        .map((f) => (
          <div key={f.id}>
            <Text size="sm" c="dimmed">
              {f.name}
            </Text>
            {f.type === 'file' ? <AttachedLink file={f.file ?? null} /> : <Text>{shown(f.type, f.value)}</Text>}
          </div>
        ))}
      {s.signatures.map((sig) => (
        <Card withBorder key={sig.id} data-testid="signature-record">
          {sig.image ? <Image src={sig.image} alt={t('fill.signature')} h={60} w="auto" fit="contain" /> : <Text ff="cursive" size="xl">{sig.typed_name}</Text>}
          <Text size="xs" c="dimmed">
            {t('signedBy', { name: sig.signer_name, at: formatDateTime(sig.signed_at) })} {sig.ip ? `· ${sig.ip}` : ''}
          </Text>
          <Code fz="xs" style={{ wordBreak: 'break-all' }}>
            SHA-256 {sig.hash}
          </Code>
        </Card>
      ))}
      {s.note ? <Text c="danger">{s.note}</Text> : null}
      {s.change_request ? (
        <Card withBorder bg="var(--mantine-color-orange-light)">
          <Text fw={600}>{t('change.title')}</Text>
          <Text>{s.change_request.change}</Text>
          {s.change_request.change_date ? <Text size="sm">{t('change.by', { date: s.change_request.change_date })}</Text> : null}
          {s.change_request.notes ? <Text size="sm">{s.change_request.notes}</Text> : null}
        </Card>
      ) : null}
    </Stack>
  );
}
