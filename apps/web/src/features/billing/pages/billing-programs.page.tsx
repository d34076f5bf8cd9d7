import { Button, ColorSwatch, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import type { BillingProgramsQuery as ProgramsData } from '../../../graphql/generated/tenant-api';
import {
  AssignProgramMutation,
  BillingProgramsQuery,
  CreateProgramMutation,
  DeleteProgramMutation,
  UpdateProgramMutation,
} from '../api/billing.graphql';
import { useBillingLocation, writeOutcome } from '../lib/billing';
import { useLocationStudents, type StudentNameRow } from '../lib/students';
import { TextField } from '../components/form-fields';

type ProgramRow = ProgramsData['getBillingPrograms'][number];

/** /billing_programs: the location's billing programs (add, rename, delete) and which children are in each. */
export function BillingProgramsPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [{ data, fetching }, refetch] = useQuery({ query: BillingProgramsQuery, variables: { location_id: location }, pause: !location });
  const [, create] = useMutation(CreateProgramMutation);
  const [, update] = useMutation(UpdateProgramMutation);
  const [, remove] = useMutation(DeleteProgramMutation);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#1c7ed6');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ProgramRow | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const programs = data?.getBillingPrograms ?? [];

  async function add() {
    if (!location) return;
    const outcome = writeOutcome(await create({ name, location_id: location, color }), ['name', 'color', 'location_id']);
    setErrors(outcome.errors);
    if (outcome.ok) {
      setName('');
      reload();
    }
  }

  return (
    <Stack gap="md" data-testid="billing-programs">
      <Title order={1} size="h2">
        {t('programs.title')}
      </Title>
      <Paper withBorder p="sm">
        <Group align="flex-start" wrap="wrap">
          <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} data-testid="program-name" />
          <TextField type="color" label={t('fields.color')} value={color} onChange={setColor} error={errors.color} w={90} />
          <Button mt={24} onClick={add} data-testid="program-add">
            {t('actions.add')}
          </Button>
        </Group>
      </Paper>
      <DataTable<ProgramRow>
        label={t('programs.title')}
        rows={programs}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                {r.color ? <ColorSwatch color={r.color} size={14} aria-hidden /> : null}
                <span>{r.name}</span>
              </Group>
            ),
          },
          { key: 'student_count', header: t('programs.children') },
          {
            key: 'actions',
            header: '',
            sortable: false,
            searchable: false,
            render: (r) => (
              <Group gap={4} wrap="wrap">
                <Button size="compact-xs" variant="light" onClick={() => setEditing(r)}>
                  {t('actions.edit')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="danger"
                  onClick={async () => writeOutcome(await remove({ id: r.id }), []).ok && reload()}
                >
                  {t('actions.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <AssignChildren location={location} programs={programs} done={reload} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('actions.edit')}>
        {editing ? (
          <EditProgram
            program={editing}
            save={async (patch) => {
              const outcome = writeOutcome(await update({ id: editing.id, ...patch }), ['name', 'color']);
              if (outcome.ok) {
                setEditing(null);
                reload();
              }
              return outcome.errors;
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function EditProgram({
  program,
  save,
}: {
  program: ProgramRow;
  save(patch: { name: string; color: string }): Promise<Record<string, string>>;
}) {
  const { t } = useTranslation('billing');
  const [name, setName] = useState(program.name);
  const [color, setColor] = useState(program.color ?? '#1c7ed6');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Stack>
      <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} />
      <TextField type="color" label={t('fields.color')} value={color} onChange={setColor} error={errors.color} />
      <Button onClick={async () => setErrors(await save({ name, color }))}>{t('actions.save')}</Button>
    </Stack>
  );
}

/** Children of the location with their billing program: select some, place them in one (or take them out). */
function AssignChildren({ location, programs, done }: { location: string | null; programs: readonly ProgramRow[]; done(): void }) {
  const { t } = useTranslation('billing');
  const students = useLocationStudents(location);
  const [, assign] = useMutation(AssignProgramMutation);
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    const outcome = writeOutcome(await assign({ student_ids: selected, billing_program_id: target }), [
      'student_ids',
      'billing_program_id',
    ]);
    setError(outcome.errors.student_ids ?? outcome.errors.billing_program_id ?? null);
    if (outcome.ok) {
      setSelected([]);
      students.reload();
      done();
    }
  }
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('programs.assign')}</Text>
      <DataTable<StudentNameRow>
        label={t('programs.assign')}
        {...students.table}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (r) => t('programs.select', { name: r.full_name }),
          allLabel: t('programs.selectAll'),
        }}
        toolbar={
          <Group gap="xs" wrap="wrap">
            <Select
              aria-label={t('fields.billingProgram')}
              placeholder={t('programs.none')}
              data={programs.map((p) => ({ value: p.id, label: p.name }))}
              value={target}
              onChange={setTarget}
              clearable
              error={error}
              w={200}
            />
            <Button size="sm" disabled={selected.length === 0} onClick={save} data-testid="program-assign">
              {t('programs.place', { count: selected.length })}
            </Button>
          </Group>
        }
        columns={[
          { key: 'full_name', header: t('fields.student') },
          { key: 'billing_program.name', header: t('fields.billingProgram'), render: (r) => r.billing_program?.name ?? '' },
        ]}
      />
    </Stack>
  );
}
