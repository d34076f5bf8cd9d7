import { Badge, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { formatDateTime } from '../../../lib/format';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { UpdateConsentMutation } from '../api/photos.mutation';
import { PhotoConsentQuery } from '../api/photos.query';
import { fullName } from '../lib/names';
import classes from './photos.module.css';

/** The four levels, least to most shared (photos/repo.ts CONSENTS). */
export const CONSENTS = ['none', 'own_family', 'other_families', 'marketing'] as const;
export type ConsentValue = (typeof CONSENTS)[number];

/**
 * A child's photo consent with what each level means. A legal guardian changes it (`guardian`), a
 * manager records a signed paper form (`paper_form`); everyone else reads it.
 */
export function PhotoConsentCard({
  studentId,
  recordAs,
  onSaved,
}: {
  studentId: string;
  recordAs: 'guardian' | 'paper_form' | null;
  onSaved?(): void;
}) {
  const { t } = useTranslation(['photos', 'common']);
  const [{ data }, refetch] = useQuery({ query: PhotoConsentQuery, variables: { id: studentId } });
  const [{ fetching }, update] = useMutation(UpdateConsentMutation);
  const current = data?.student.photo_consent ?? null;
  const [value, setValue] = useState<string>('own_family');

  useEffect(() => {
    if (current) setValue(current.consent);
  }, [current?.consent]);

  async function save() {
    const r = await update({ student_id: studentId, consent: value });
    if (reportMutationError(r.error, t)) return;
    const answer = r.data?.updatePhotoConsent;
    if (!answer) return;
    showNotice(answer);
    if (answer.status) {
      refetch({ requestPolicy: 'network-only' });
      onSaved?.();
    }
  }

  const recorded = current?.created_at
    ? t(current.source === 'paper_form' ? 'photos:consent.recordedPaper' : 'photos:consent.recorded', {
        when: formatDateTime(current.created_at),
        name: current.recorded_by ? fullName(current.recorded_by) : '—',
      })
    : t('photos:consent.default');

  return (
    <Card withBorder radius="md" padding="lg" data-testid="photo-consent">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {t('photos:consent.title')}
        </Title>
        {current ? (
          <Badge variant="light" data-testid="photo-consent-current" data-value={current.consent}>
            {t(`photos:consent.levels.${current.consent}.label`, { defaultValue: current.consent })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('photos:consent.lead')} {recorded}
      </Text>
      {recordAs ? (
        <Stack gap="sm">
          <Radio.Group value={value} onChange={setValue} name={`photo-consent-${studentId}`} label={t('photos:consent.choose')}>
            <Stack gap="xs" mt="xs">
              {CONSENTS.map((level) => (
                <Radio.Card key={level} value={level} radius="md" p="sm" className={classes.touch} data-testid={`photo-consent-${level}`}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600} size="sm">
                        {t(`photos:consent.levels.${level}.label`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`photos:consent.levels.${level}.text`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          {recordAs === 'paper_form' ? (
            <Text size="xs" c="dimmed">
              {t('photos:consent.paperHint')}
            </Text>
          ) : null}
          <Group>
            <Button
              size="md"
              className={classes.touch}
              onClick={() => void save()}
              loading={fetching}
              disabled={value === current?.consent}
              data-testid="photo-consent-save"
            >
              {t('photos:consent.save')}
            </Button>
          </Group>
        </Stack>
      ) : current ? (
        <Text size="sm">{t(`photos:consent.levels.${current.consent}.text`, { defaultValue: '' })}</Text>
      ) : null}
    </Card>
  );
}
