import { ActionIcon, Button, ColorInput, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation } from 'urql';
import { CreateMultipleCamerasMutation } from '../api/cameras.mutation';
import { SuggestColorsQuery } from '../api/cameras.query';
import { HEX } from '../forms/location-form.schema';
import { useFinish } from '../hooks/use-finish';

interface Row {
  name: string;
  code: string;
  color_code: string;
  program_id: string;
}

type RowErrors = Partial<Record<keyof Row, string>>;

/** Several cameras at once (createMultipleCameras: all of them, or none when a row is invalid). */
export function BulkCamerasForm({
  locationId,
  rooms,
  onDone,
  context,
}: {
  locationId: string;
  rooms: { value: string; label: string }[];
  onDone(): void;
  context: object;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const client = useClient();
  const [rows, setRows] = useState<Row[]>([{ name: '', code: '', color_code: '', program_id: '' }]);
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const [busy, setBusy] = useState(false);
  const [, createMany] = useMutation(CreateMultipleCamerasMutation);
  const update = (i: number, patch: Partial<Row>) => setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function fillColours() {
    const r = await client
      .query(SuggestColorsQuery, { location_id: locationId, count: rows.length + 5 }, { requestPolicy: 'network-only' })
      .toPromise();
    const free = (r.data?.suggestcolors ?? []).filter((c) => !rows.some((row) => row.color_code.toLowerCase() === c.toLowerCase()));
    setRows((list) => list.map((row) => (row.color_code ? row : { ...row, color_code: free.shift() ?? '' })));
  }

  async function submit() {
    const found = rows.map((r) => {
      const e: RowErrors = {};
      if (!r.name.trim()) e.name = t('common:validation.required');
      if (!r.code.trim()) e.code = t('common:validation.required');
      if (!HEX.test(r.color_code.trim())) e.color_code = t('setup:validation.colour');
      return e;
    });
    rows.forEach((r, i) => {
      if (rows.findIndex((o) => o.color_code.toLowerCase() === r.color_code.toLowerCase()) !== i && r.color_code)
        found[i]!.color_code = t('setup:validation.colourTwice');
    });
    setErrors(found);
    if (found.some((e) => Object.keys(e).length > 0)) return;
    setBusy(true);
    const result = await createMany(
      {
        location_id: locationId,
        cameras: rows.map((r) => ({
          name: r.name.trim(),
          code: r.code.trim(),
          color_code: r.color_code.trim(),
          status: true,
          program_id: r.program_id || null,
        })),
      },
      context,
    );
    setBusy(false);
    if (finish(result.error, result.data?.createMultipleCameras)) onDone();
  }

  return (
    <form
      noValidate
      aria-label={t('setup:cameras.bulkTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('setup:cameras.bulkLead')}
        </Text>
        {rows.map((row, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid={`bulk-row-${i}`}>
            <TextInput
              label={t('setup:cameras.rowField', { field: t('setup:fields.name'), n: i + 1 })}
              value={row.name}
              onChange={(e) => update(i, { name: e.currentTarget.value })}
              withAsterisk
              error={errors[i]?.name}
              w={170}
            />
            <TextInput
              label={t('setup:cameras.rowField', { field: t('setup:fields.code'), n: i + 1 })}
              value={row.code}
              onChange={(e) => update(i, { code: e.currentTarget.value })}
              withAsterisk
              error={errors[i]?.code}
              w={170}
            />
            <ColorInput
              label={t('setup:cameras.rowField', { field: t('setup:fields.colour'), n: i + 1 })}
              value={row.color_code}
              onChange={(v) => update(i, { color_code: v })}
              format="hex"
              withAsterisk
              error={errors[i]?.color_code}
              w={150}
              eyeDropperButtonProps={{ 'aria-label': t('setup:fields.eyeDropper') }}
            />
            <Select
              label={t('setup:cameras.rowField', { field: t('setup:fields.room'), n: i + 1 })}
              data={[{ value: '', label: t('setup:cameras.commonArea') }, ...rooms]}
              value={row.program_id}
              onChange={(v) => update(i, { program_id: v ?? '' })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={160}
            />
            <ActionIcon
              mt={28}
              variant="subtle"
              color="danger"
              disabled={rows.length === 1}
              aria-label={t('setup:cameras.removeRow', { n: i + 1 })}
              onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setRows((list) => [...list, { name: '', code: '', color_code: '', program_id: '' }])}
          >
            {t('setup:cameras.addRow')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => void fillColours()}>
            {t('setup:cameras.fillColours')}
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('setup:cameras.bulkSubmit', { count: rows.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
