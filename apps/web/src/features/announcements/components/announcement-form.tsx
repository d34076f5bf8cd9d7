import { Button, Checkbox, ColorInput, Group, Modal, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { fieldErrors, type GraphqlFailure } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { AudienceOptionsQuery, CreateAnnouncementMutation, UpdateAnnouncementMutation, type AnnouncementData } from '../api/announcements';

const ROLES = ['user', 'teacher', 'manager'] as const;
const FIELDS = ['message', 'expiry_date', 'roles', 'locations', 'programs', 'due_date', 'color_code'] as const;

interface Values {
  message: string;
  expiry_date: string;
  color_code: string;
  is_public: boolean;
  is_notification: boolean;
  roles: string[];
  locations: string[];
  programs: string[];
  action_needed: boolean;
  due_date: string;
}

const unique = <T,>(list: readonly T[]) => [...new Set(list)];

function initial(a: AnnouncementData | null): Values {
  return {
    message: a?.message ?? '',
    expiry_date: a?.expiry_date ?? '',
    color_code: a?.color_code ?? '#7367F0',
    is_public: a?.is_public ?? false,
    is_notification: a?.is_notification ?? false,
    roles: a ? [...a.roles] : ['user'],
    locations: a ? unique(a.locations.map((l) => l.id)) : [],
    programs: a ? unique(a.programs.map((p) => p.id)) : [],
    action_needed: a?.action_needed ?? false,
    due_date: a?.due_date ?? '',
  };
}

/** Create or edit an announcement: message, audience pickers (roles, locations, rooms), dates, colour, notification, action needed. */
export function AnnouncementForm({ editing, opened, onClose }: { editing: AnnouncementData | null; opened: boolean; onClose(): void }) {
  const { t } = useTranslation(['announcements', 'common']);
  const [values, setValues] = useState<Values>(() => initial(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ data }] = useQuery({ query: AudienceOptionsQuery });
  const [create, doCreate] = useMutation(CreateAnnouncementMutation);
  const [update, doUpdate] = useMutation(UpdateAnnouncementMutation);
  const locations = data?.dropdownLocations ?? [];
  const rooms = useMemo(
    () =>
      locations
        .filter((l) => values.locations.includes(l.id))
        .flatMap((l) => l.rooms.map((r) => ({ value: r.id, label: locations.length > 1 ? `${r.name} (${l.name})` : r.name }))),
    [locations, values.locations],
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    setErrors({});
    const vars = {
      message: values.message,
      expiry_date: values.expiry_date || null,
      color_code: values.color_code || null,
      is_public: values.is_public,
      is_notification: values.is_notification,
      roles: values.roles,
      locations: values.locations,
      programs: values.programs.filter((p) => rooms.some((r) => r.value === p)),
      action_needed: values.action_needed,
      due_date: values.action_needed ? values.due_date || null : null,
    };
    const result = editing ? await doUpdate({ id: editing.id, ...vars }) : await doCreate(vars);
    const error = result.error as GraphqlFailure | undefined;
    if (error) {
      const byField = fieldErrors(error);
      const mine = Object.fromEntries(Object.entries(byField).map(([k, m]) => [k.split('.')[0]!, m]));
      if (Object.keys(mine).some((k) => (FIELDS as readonly string[]).includes(k))) setErrors(mine);
      else reportMutationError(error, t);
      return;
    }
    const notice = editing ? result.data && 'updateAnnouncement' in result.data ? result.data.updateAnnouncement : null : result.data && 'createAnnouncement' in result.data ? result.data.createAnnouncement : null;
    if (notice) showNotice(notice);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={editing ? t('announcements:form.editTitle') : t('announcements:form.createTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="sm" data-testid="announcement-form">
        <Textarea
          label={t('announcements:fields.message')}
          value={values.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          required
          error={errors.message}
        />
        <MultiSelect
          label={t('announcements:fields.roles')}
          data={ROLES.map((r) => ({ value: r, label: t(`announcements:roles.${r}`) }))}
          value={values.roles}
          onChange={(v) => set('roles', v)}
          required
          error={errors.roles}
        />
        <MultiSelect
          label={t('announcements:fields.locations')}
          data={locations.map((l) => ({ value: l.id, label: l.name }))}
          value={values.locations}
          onChange={(v) => set('locations', v)}
          required
          searchable
          error={errors.locations}
        />
        <MultiSelect
          label={t('announcements:fields.programs')}
          description={t('announcements:form.programsHint')}
          data={rooms}
          value={values.programs.filter((p) => rooms.some((r) => r.value === p))}
          onChange={(v) => set('programs', v)}
          searchable
          clearable
          error={errors.programs}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t('announcements:fields.expiry_date')}
            value={values.expiry_date}
            onChange={(e) => set('expiry_date', e.currentTarget.value)}
            error={errors.expiry_date}
            miw={160}
          />
          <ColorInput
            label={t('announcements:fields.color_code')}
            value={values.color_code}
            onChange={(v) => set('color_code', v)}
            error={errors.color_code}
            miw={160}
          />
        </Group>
        <Checkbox label={t('announcements:fields.is_notification')} checked={values.is_notification} onChange={(e) => set('is_notification', e.currentTarget.checked)} />
        <Checkbox label={t('announcements:fields.is_public')} checked={values.is_public} onChange={(e) => set('is_public', e.currentTarget.checked)} />
        <Checkbox label={t('announcements:fields.action_needed')} checked={values.action_needed} onChange={(e) => set('action_needed', e.currentTarget.checked)} />
        {values.action_needed ? (
          <TextInput
            type="date"
            label={t('announcements:fields.due_date')}
            value={values.due_date}
            onChange={(e) => set('due_date', e.currentTarget.value)}
            required
            error={errors.due_date}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={create.fetching || update.fetching}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
