import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Card, Group, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { showMessage } from '../../../lib/notices';
import { AddSiblingMutation, RemoveSiblingMutation } from '../api/students.mutation';
import { SiblingCandidatesQuery } from '../api/students.query';
import { siblingSchema, type SiblingValues } from '../forms/bulk-forms.schema';
import { useFormErrors } from '../hooks/use-form-errors';
import { usePeoplePaths } from '../hooks/use-people-paths';

interface Sibling {
  id: string;
  full_name: string;
}

/** Picks another student of the centre (server search), never the student itself nor a current sibling. */
function AddSiblingForm({ studentId, siblings, onSaved }: { studentId: string; siblings: Sibling[]; onSaved(): void }) {
  const { t } = useTranslation(['people', 'common']);
  const formError = useFormErrors();
  const [, add] = useMutation(AddSiblingMutation);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data }] = useQuery({ query: SiblingCandidatesQuery, variables: { search: debounced || null } });
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<SiblingValues>({
    resolver: zodResolver(siblingSchema),
    defaultValues: { sibling_id: '' },
  });
  // The picked student stays an option while the search text shows its label.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const options = useMemo(() => {
    const taken = new Set([studentId, ...siblings.map((s) => s.id)]);
    const list = (data?.students.data ?? [])
      .filter((s) => !taken.has(s.id))
      .map((s) => ({ value: s.id, label: s.location ? `${s.full_name} (${s.location.name})` : s.full_name }));
    if (picked && !taken.has(picked.value) && !list.some((o) => o.value === picked.value)) list.unshift(picked);
    return list;
  }, [data, studentId, siblings, picked]);

  return (
    <form
      noValidate
      aria-label={t('people:siblings.add')}
      data-testid="sibling-form"
      onSubmit={handleSubmit(async (v) => {
        setServerError(null);
        const r = await add({ student_id: studentId, sibling_id: v.sibling_id });
        const message = formError(r.error, r.data?.addSibling, { setError, fields: ['sibling_id'] });
        if (message !== null) {
          setServerError(message || null);
          return;
        }
        showMessage(t('people:siblings.added'), true);
        reset();
        setPicked(null);
        onSaved();
      })}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Controller
            control={control}
            name="sibling_id"
            render={({ field, fieldState }) => (
              <Select
                label={t('people:siblings.pick')}
                withAsterisk
                aria-required
                searchable
                data={options}
                value={field.value || null}
                onChange={(value) => {
                  setPicked(options.find((o) => o.value === value) ?? null);
                  field.onChange(value ?? '');
                }}
                onBlur={field.onBlur}
                onSearchChange={setSearch}
                filter={({ options: all }) => all}
                nothingFoundMessage={t('shell:table.empty')}
                error={
                  fieldState.error?.type === 'server' ? fieldState.error.message : fieldState.error?.message && t(fieldState.error.message)
                }
                comboboxProps={{ withinPortal: true }}
                w={{ base: '100%', sm: 320 }}
                data-testid="sibling-pick"
              />
            )}
          />
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={formState.isSubmitting} data-testid="sibling-add">
            {t('people:siblings.add')}
          </Button>
        </Group>
        {serverError ? (
          <Alert color="danger" role="alert" data-testid="sibling-error">
            {serverError}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The student's siblings. Managers (the API's addSibling / removeSibling need a manager with
 * students.edit) add and remove them; everyone else reads the list.
 */
export function SiblingsCard({
  studentId,
  siblings,
  editable,
  onSaved,
}: {
  studentId: string;
  siblings: Sibling[];
  editable: boolean;
  onSaved(): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const links = usePeoplePaths();
  const formError = useFormErrors();
  const [, remove] = useMutation(RemoveSiblingMutation);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const columns = useMemo<DataTableColumn<Sibling>[]>(() => {
    const cols: DataTableColumn<Sibling>[] = [
      {
        key: 'full_name',
        header: t('people:student.name'),
        render: (s) => (
          <Anchor component={Link} to={links.student(s.id)}>
            {s.full_name}
          </Anchor>
        ),
      },
    ];
    if (editable)
      cols.push({
        key: 'actions',
        header: t('shell:table.actions'),
        sortable: false,
        searchable: false,
        render: (s) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color="danger"
            leftSection={<IconLinkOff size={14} aria-hidden />}
            aria-label={t('people:siblings.removeNamed', { name: s.full_name })}
            data-testid={`sibling-remove-${s.id}`}
            onClick={async () => {
              setRemoveError(null);
              const r = await remove({ student_id: studentId, sibling_id: s.id });
              const message = formError(r.error, r.data?.removeSibling);
              if (message !== null) {
                setRemoveError(message || null);
                return;
              }
              showMessage(t('people:siblings.removed', { name: s.full_name }), true);
              onSaved();
            }}
          >
            {t('people:siblings.remove')}
          </Button>
        ),
      });
    return cols;
  }, [t, links, editable, studentId]);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="siblings">
      <Title order={2} size="h4" mb="sm">
        {t('people:student.siblings')}
      </Title>
      <Stack gap="sm">
        <DataTable label={t('people:student.siblings')} rows={siblings} columns={columns} rowKey={(s) => s.id} />
        {removeError ? (
          <Alert color="danger" role="alert" data-testid="sibling-remove-error">
            {removeError}
          </Alert>
        ) : null}
        {editable ? <AddSiblingForm studentId={studentId} siblings={siblings} onSaved={onSaved} /> : null}
      </Stack>
    </Card>
  );
}
