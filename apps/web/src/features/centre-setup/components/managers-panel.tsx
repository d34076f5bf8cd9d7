import { Button, Card, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { LocationData, ManagerData } from '../api/fragments';
import { UpdateLocationManagerMutation } from '../api/locations.mutation';
import { ManagerOptionsQuery } from '../api/locations.query';
import { useFinish } from '../hooks/use-finish';

/** The managers of a location, replaced as a whole (a location needs at least one). */
export function ManagersPanel({ location }: { location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [{ data }] = useQuery({ query: ManagerOptionsQuery });
  const [chosen, setChosen] = useState(location.managers.map((m) => m.id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, save] = useMutation(UpdateLocationManagerMutation);
  const options = useMemo(() => {
    const known = new Map((data?.getManagersList ?? []).map((m) => [m.id, m.full_name]));
    for (const m of location.managers) if (!known.has(m.id)) known.set(m.id, m.full_name);
    return [...known].map(([value, label]) => ({ value, label }));
  }, [data, location]);
  const columns = useMemo<DataTableColumn<ManagerData>[]>(() => [{ key: 'full_name', header: t('setup:fields.name') }], [t]);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Text component="h2" fw={600} mb="sm">
          {t('setup:managers.title')}
        </Text>
        <DataTable label={t('setup:managers.table')} rows={location.managers} columns={columns} rowKey={(m) => m.id} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t('setup:managers.change')}
          onSubmit={async (e) => {
            e.preventDefault();
            if (chosen.length === 0) {
              setError(t('setup:validation.managers'));
              return;
            }
            setBusy(true);
            const r = await save({ location_id: location.id, managers: chosen });
            setBusy(false);
            finish(r.error, r.data?.updateLocationManager, {
              setError: (_f, v) => setError(v.message ?? null),
              fields: ['managers'],
            });
          }}
        >
          <Stack gap="sm">
            <MultiSelect
              label={t('setup:fields.managers')}
              data={options}
              value={chosen}
              onChange={(v) => {
                setChosen(v);
                setError(null);
              }}
              searchable
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              error={error}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('setup:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
