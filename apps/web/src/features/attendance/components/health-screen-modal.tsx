import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HealthQuestionData } from '../api/fragments';
import type { HealthScreenInput } from '../api/save-check-in-out.mutation';
import { HealthQuestions, allAnswered, toHealthInput, type HealthAnswers } from './health-questions';

interface HealthScreenModalProps {
  child: { id: string; full_name: string } | null;
  questions: HealthQuestionData[];
  onClose(): void;
  onDone(screen: HealthScreenInput[]): void;
}

/** Staff check a child in with the location's health questions answered. */
export function HealthScreenModal({ child, questions, onClose, onDone }: HealthScreenModalProps) {
  const { t } = useTranslation('attendance');
  const [answers, setAnswers] = useState<HealthAnswers>({});
  const ids = child ? [child.id] : [];
  return (
    <Modal opened={Boolean(child)} onClose={onClose} title={t('health.modalTitle')} size="lg">
      {child ? (
        <Stack>
          <Text c="dimmed">{t('health.lead')}</Text>
          <HealthQuestions questions={questions} childrenToScreen={[child]} answers={answers} onChange={setAnswers} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!allAnswered(questions, ids, answers)}
              onClick={() => {
                onDone(toHealthInput(questions, ids, answers));
                setAnswers({});
              }}
              data-testid="health-submit"
            >
              {t('health.checkIn')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
