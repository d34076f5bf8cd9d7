import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Checkbox,
  Chip,
  Divider,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useQuery } from 'urql';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { useFieldError } from '../../../components/form/field-base';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { LocationOptionsQuery, StudentFormOptionsQuery } from '../api/students.query';
import { ContactPicker } from '../components/contact-picker';
import { MultiSelectField } from '../components/multi-select-field';
import { STUDENT_TYPES, WEEK_DAYS, emptyGuardian, studentSchema, type GuardianValues, type StudentValues } from './student-form.schema';

const GUARDIAN_FLAGS = [
  'legal_guardian',
  'pickup',
  'emergency_contact',
  'is_payer',
  'watch_camera',
  'alert',
] as const satisfies readonly (keyof GuardianValues)[];

/**
 * The student (pet) form of spec §3/§5: every Student field, guardians with their pivot flags,
 * allergies, medications, tags, homeroom and other rooms, location and cameras.
 * Required markers: first name, last name, location, homeroom.
 */
export function StudentForm({
  initial,
  lockLocation,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: StudentValues;
  lockLocation?: boolean;
  submitLabel: string;
  onSubmit(values: StudentValues, setError: UseFormSetError<StudentValues>): Promise<unknown>;
  onCancel?(): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const errorText = useFieldError();
  const { control, handleSubmit, setValue, setError, formState } = useForm<StudentValues>({
    resolver: zodResolver(studentSchema),
    defaultValues: initial,
  });
  const guardians = useFieldArray({ control, name: 'guardians', keyName: 'key' });
  const locationId = useWatch({ control, name: 'location_id' });
  const programId = useWatch({ control, name: 'program_id' });

  const [{ data: options }] = useQuery({ query: StudentFormOptionsQuery, variables: {} });
  const [{ data: place }] = useQuery({ query: LocationOptionsQuery, variables: { location_id: locationId }, pause: !locationId });

  const list = (items: { id: string; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
  const locations = useMemo(() => list(options?.dropdownLocations), [options]);
  const rooms = useMemo(() => list(place?.roomsByLocation), [place]);
  const cameras = useMemo(() => list(place?.location_cameras.data), [place]);
  const relations = useMemo(() => (options?.getRelationships.data ?? []).map((r) => ({ value: r.name, label: r.name })), [options]);
  const defaultRelation = options?.getRelationships.data.find((r) => r.is_default)?.name ?? '';

  // A new location's rooms and cameras replace the old ones.
  useEffect(() => {
    if (!place) return;
    const roomIds = new Set(place.roomsByLocation.map((r) => r.id));
    if (programId && !roomIds.has(programId)) setValue('program_id', '');
  }, [place, programId, setValue]);

  return (
    <form noValidate aria-label={submitLabel} onSubmit={handleSubmit((values) => onSubmit(values, setError))} data-testid="student-form">
      <Stack gap="md">
        <Fieldset legend={t('people:student.sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <TextField control={control} name="fname" label={t('people:student.fname')} required autoComplete="off" />
            <TextField control={control} name="middle_name" label={t('people:student.middleName')} autoComplete="off" />
            <TextField control={control} name="lname" label={t('people:student.lname')} required autoComplete="off" />
            <TextField control={control} name="nick_name" label={t('people:student.nickName')} autoComplete="off" />
            <TextField control={control} name="dob" type="date" label={t('people:student.dob')} />
            <SelectField
              control={control}
              name="gender"
              label={t('people:student.gender')}
              data={['Female', 'Male', 'Other'].map((g) => ({ value: g, label: t(`people:genders.${g}`) }))}
            />
            <TextField control={control} name="race" label={t('people:student.race')} />
            <TextField control={control} name="ethnicity" label={t('people:student.ethnicity')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('people:student.sections.placement')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <SelectField
              control={control}
              name="location_id"
              label={t('people:student.location')}
              required
              disabled={lockLocation}
              data={locations}
            />
            <SelectField control={control} name="program_id" label={t('people:student.homeroom')} required data={rooms} />
            <MultiSelectField
              control={control}
              name="other_rooms"
              label={t('people:student.otherRooms')}
              data={rooms.filter((r) => r.value !== programId)}
            />
            <MultiSelectField control={control} name="cameras" label={t('people:student.cameras')} data={cameras} />
            <SelectField
              control={control}
              name="type"
              label={t('people:student.type')}
              data={STUDENT_TYPES.map((v) => ({ value: v, label: t(`people:types.${v}`) }))}
            />
            <TextField control={control} name="enrollment_date" type="date" label={t('people:student.enrollmentDate')} />
            <TextField control={control} name="graduation_date" type="date" label={t('people:student.graduationDate')} />
            <TextField control={control} name="external_id" label={t('people:student.externalId')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="week_schedule"
            render={({ field }) => (
              <Stack gap={4} mt="sm">
                <Text size="sm" fw={500} id="week-schedule-label">
                  {t('people:student.weekSchedule')}
                </Text>
                <Chip.Group multiple value={field.value} onChange={field.onChange}>
                  <Group gap="xs" role="group" aria-labelledby="week-schedule-label">
                    {WEEK_DAYS.map((day) => (
                      <Chip key={day} value={day} size="sm">
                        {t(`people:days.${day}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Stack>
            )}
          />
          <Group mt="sm">
            <CheckboxField control={control} name="status" label={t('people:student.active')} />
          </Group>
        </Fieldset>

        <Fieldset legend={t('people:student.sections.health')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelectField
              control={control}
              name="allergies"
              label={t('people:student.allergies')}
              data={list(options?.getAllergies.data)}
              testId="student-allergies"
            />
            <MultiSelectField
              control={control}
              name="medications"
              label={t('people:student.medications')}
              data={list(options?.getMedications.data)}
            />
            <TextField control={control} name="doctor_name" label={t('people:student.doctorName')} />
            <TextField control={control} name="doctor_phone" type="tel" label={t('people:student.doctorPhone')} />
          </SimpleGrid>
          <MultiSelectField control={control} name="tags" label={t('people:student.tags')} data={list(options?.getTags.data)} />
        </Fieldset>

        <Fieldset legend={t('people:student.sections.address')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <TextField control={control} name="street_1" label={t('people:student.street1')} />
            <TextField control={control} name="street_2" label={t('people:student.street2')} />
            <TextField control={control} name="city" label={t('people:student.city')} />
            <TextField control={control} name="state" label={t('people:student.state')} />
            <TextField control={control} name="zip" label={t('people:student.zip')} />
            <TextField control={control} name="country" label={t('people:student.country')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="note"
            render={({ field, fieldState }) => (
              <Textarea
                mt="sm"
                label={t('people:student.note')}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onBlur={field.onBlur}
                autosize
                minRows={2}
                error={errorText(fieldState.error)}
              />
            )}
          />
        </Fieldset>

        <Fieldset legend={t('people:student.sections.guardians')}>
          <Stack gap="sm">
            {guardians.fields.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('people:student.noGuardians')}
              </Text>
            ) : null}
            {guardians.fields.map((g, index) => (
              <Stack key={g.key} gap="xs" data-testid={`guardian-${index}`}>
                {index > 0 ? <Divider /> : null}
                <Group align="flex-end" wrap="wrap" gap="sm">
                  <Controller
                    control={control}
                    name={`guardians.${index}.user_id`}
                    render={({ field, fieldState }) => (
                      <ContactPicker
                        label={t('people:student.guardianContact', { n: index + 1 })}
                        value={field.value}
                        selectedLabel={g.label}
                        error={errorText(fieldState.error)}
                        onChange={(id, label) => {
                          field.onChange(id);
                          setValue(`guardians.${index}.label`, label);
                        }}
                        testId={`guardian-${index}-contact`}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`guardians.${index}.relation`}
                    render={({ field }) => (
                      <SelectRelation
                        label={t('people:student.relation')}
                        value={field.value}
                        data={relations}
                        onChange={field.onChange}
                        testId={`guardian-${index}-relation`}
                      />
                    )}
                  />
                  <Tooltip label={t('people:student.removeGuardian')}>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      size="lg"
                      aria-label={t('people:student.removeGuardianN', { n: index + 1 })}
                      onClick={() => guardians.remove(index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Group gap="md" wrap="wrap">
                  {GUARDIAN_FLAGS.map((flag) => (
                    <Controller
                      key={flag}
                      control={control}
                      name={`guardians.${index}.${flag}`}
                      render={({ field }) => (
                        <Checkbox
                          label={t(`people:pivot.${flag}`)}
                          checked={Boolean(field.value)}
                          onChange={(e) => field.onChange(e.currentTarget.checked)}
                        />
                      )}
                    />
                  ))}
                </Group>
              </Stack>
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => guardians.append(emptyGuardian(defaultRelation))}
                data-testid="add-guardian"
              >
                {t('people:student.addGuardian')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={formState.isSubmitting} data-testid="student-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Relationship names of the centre (a stored name not in the list stays selectable). */
function SelectRelation({
  label,
  value,
  data,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  data: { value: string; label: string }[];
  onChange(value: string): void;
  testId?: string;
}) {
  const options = value && !data.some((d) => d.value === value) ? [{ value, label: value }, ...data] : data;
  return (
    <Select
      label={label}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
