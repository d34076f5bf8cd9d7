import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import type { NamedRef } from '../api/fragments';
import { AssignUserLabelsMutation } from '../api/labels.mutation';
import { StudentFormOptionsQuery } from '../api/students.query';
import { useFinish } from '../hooks/use-notice-call';
import { MultiSelectField } from './multi-select-field';

const KINDS = ['tags', 'allergies', 'medications'] as const;
type LabelValues = Record<(typeof KINDS)[number], string[]>;

function Names({ items }: { items: NamedRef[] }) {
  const { t } = useTranslation('people');
  if (items.length === 0) return <Text size="sm">{t('people:personLabels.none')}</Text>;
  return (
    <Group gap={4}>
      {items.map((i) => (
        <Badge key={i.id} variant="light" size="sm">
          {i.name}
        </Badge>
      ))}
    </Group>
  );
}

/** A person's tags, allergies and medications; staff who may edit the person change them. */
export function PersonLabelsCard({
  person,
  canEdit,
  onSaved,
}: {
  person: { id: string } & LabelValuesOf;
  canEdit: boolean;
  onSaved(): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [editing, setEditing] = useState(false);
  const [{ data: options }] = useQuery({ query: StudentFormOptionsQuery, variables: {}, pause: !editing });
  const [, assign] = useMutation(AssignUserLabelsMutation);
  const { control, handleSubmit, reset, formState } = useForm<LabelValues>({ defaultValues: idsOf(person) });
  const choices = {
    tags: options?.getTags.data ?? [],
    allergies: options?.getAllergies.data ?? [],
    medications: options?.getMedications.data ?? [],
  };

  const submit = handleSubmit(async (v) => {
    const r = await assign({ user_id: person.id, ...v });
    const answers = r.data ? [r.data.assignTagToUser, r.data.assignAllergyToUser, r.data.assignMedicationToUser] : [undefined];
    if (answers.every((a) => finish(r.error, a))) {
      setEditing(false);
      onSaved();
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="person-labels">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('people:personLabels.title')}
        </Title>
        {canEdit ? (
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              reset(idsOf(person));
              setEditing(true);
            }}
            data-testid="edit-person-labels"
          >
            {t('people:students.edit')}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {KINDS.map((k) => (
          <Stack key={k} gap={4}>
            <Text size="xs" c="dimmed">
              {t(`people:personLabels.${k}`)}
            </Text>
            <Names items={person[k]} />
          </Stack>
        ))}
      </SimpleGrid>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('people:personLabels.title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <form noValidate aria-label={t('people:personLabels.title')} onSubmit={submit}>
          <Stack gap="sm">
            {KINDS.map((k) => (
              <MultiSelectField
                key={k}
                control={control}
                name={k}
                label={t(`people:personLabels.${k}`)}
                data={choices[k].map((c) => ({ value: c.id, label: c.name }))}
                testId={`person-${k}`}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting} data-testid="person-labels-submit">
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}

type LabelValuesOf = Record<(typeof KINDS)[number], NamedRef[]>;

function idsOf(person: LabelValuesOf): LabelValues {
  return {
    tags: person.tags.map((x) => x.id),
    allergies: person.allergies.map((x) => x.id),
    medications: person.medications.map((x) => x.id),
  };
}
