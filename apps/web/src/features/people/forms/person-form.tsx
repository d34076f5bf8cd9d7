import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useQuery } from 'urql';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { TextField } from '../../../components/form/text-field';
import { PeopleLocationsQuery, PeopleRoomsQuery } from '../api/people.query';
import { MultiSelectField } from '../components/multi-select-field';
import { personSchema, type PersonValues } from './person-form.schema';

/** What the person is: a contact (parent), a teacher (rooms), a manager or a centre owner. */
export type PersonKind = 'contact' | 'teacher' | 'manager' | 'admin';

/** Invites a contact or a staff member (spec §5 invite/teacher fields, required markers on username, names, email). */
export function PersonForm({
  kind,
  initial,
  submitLabel,
  relations,
  editing,
  onSubmit,
  onCancel,
}: {
  kind: PersonKind;
  initial: PersonValues;
  submitLabel: string;
  /** Relationship names offered when the contact is linked to a child. */
  relations?: string[];
  editing?: boolean;
  onSubmit(values: PersonValues, setError: UseFormSetError<PersonValues>): Promise<unknown>;
  onCancel?(): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<PersonValues>({
    resolver: zodResolver(personSchema),
    defaultValues: initial,
  });
  const [{ data: locs }] = useQuery({ query: PeopleLocationsQuery, variables: {} });
  const chosen = useWatch({ control, name: 'locations' });
  const firstLocation = chosen[0] ?? '';
  const [{ data: roomsData }] = useQuery({
    query: PeopleRoomsQuery,
    variables: { location_id: firstLocation },
    pause: kind !== 'teacher' || !firstLocation,
  });
  const locations = useMemo(() => (locs?.dropdownLocations ?? []).map((l) => ({ value: l.id, label: l.name })), [locs]);
  const rooms = useMemo(() => (roomsData?.roomsByLocation ?? []).map((r) => ({ value: r.id, label: r.name })), [roomsData]);

  return (
    <form noValidate aria-label={submitLabel} onSubmit={handleSubmit((values) => onSubmit(values, setError))} data-testid="person-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={control} name="fname" label={t('people:person.fname')} required autoComplete="off" />
          <TextField control={control} name="lname" label={t('people:person.lname')} required autoComplete="off" />
          <TextField control={control} name="username" label={t('people:person.username')} required autoComplete="off" />
          <TextField control={control} name="email" type="email" label={t('people:person.email')} required autoComplete="off" />
          <TextField
            control={control}
            name="phone"
            type="tel"
            label={t('people:person.phone')}
            description={t('people:person.phoneHint')}
          />
          <MultiSelectField
            control={control}
            name="locations"
            label={t('people:person.locations')}
            required
            data={locations}
            testId="person-locations"
          />
          {kind === 'teacher' ? (
            <MultiSelectField control={control} name="programs" label={t('people:person.programs')} data={rooms} />
          ) : null}
          {kind !== 'contact' ? <TextField control={control} name="job_title" label={t('people:person.jobTitle')} /> : null}
          {kind === 'contact' && relations ? (
            <Controller
              control={control}
              name="relation"
              render={({ field }) => (
                <Select
                  label={t('people:student.relation')}
                  data={relations}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  clearable
                  comboboxProps={{ withinPortal: true }}
                  data-testid="person-relation"
                />
              )}
            />
          ) : null}
        </SimpleGrid>
        {editing ? null : (
          <Group gap="lg">
            <CheckboxField control={control} name="email_confirmed" label={t('people:person.emailConfirmed')} />
            <CheckboxField control={control} name="send_invite" label={t('people:person.sendInvite')} />
            <CheckboxField control={control} name="send_sms" label={t('people:person.sendSms')} />
          </Group>
        )}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={formState.isSubmitting} data-testid="person-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
