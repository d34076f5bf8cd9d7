import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HealthQuestionData } from '../api/fragments';

/** Answers per child: question id → yes (true) / no (false). */
export type HealthAnswers = Record<string, Record<string, boolean | undefined>>;

interface HealthQuestionsProps {
  questions: HealthQuestionData[];
  childrenToScreen: { id: string; full_name: string }[];
  answers: HealthAnswers;
  onChange(answers: HealthAnswers): void;
}

export const allAnswered = (questions: HealthQuestionData[], childIds: string[], answers: HealthAnswers) =>
  childIds.every((c) => questions.every((q) => typeof answers[c]?.[q.id] === 'boolean'));

export const toHealthInput = (questions: HealthQuestionData[], childIds: string[], answers: HealthAnswers) =>
  childIds.map((student_id) => ({
    student_id,
    answers: questions.map((q) => ({ question_id: q.id, answer: answers[student_id]?.[q.id] === true })),
  }));

/** The location's health statements, yes or no, for each child being checked in (large controls). */
export function HealthQuestions({ questions, childrenToScreen, answers, onChange }: HealthQuestionsProps) {
  const { t } = useTranslation('attendance');
  return (
    <Stack gap="lg">
      {childrenToScreen.map((child) => (
        <fieldset key={child.id} style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={700} size="lg" mb="xs">
            {child.full_name}
          </Text>
          <Stack gap="sm">
            {questions.map((q) => {
              const value = answers[child.id]?.[q.id];
              return (
                <Group key={q.id} justify="space-between" wrap="wrap" gap="xs">
                  <Text id={`hq-${child.id}-${q.id}`} style={{ flex: '1 1 240px' }}>
                    {q.statement}
                  </Text>
                  <SegmentedControl
                    size="lg"
                    aria-labelledby={`hq-${child.id}-${q.id}`}
                    value={value === undefined ? '' : value ? 'yes' : 'no'}
                    onChange={(v) => onChange({ ...answers, [child.id]: { ...answers[child.id], [q.id]: v === 'yes' } })}
                    data={[
                      { value: 'yes', label: t('health.yes') },
                      { value: 'no', label: t('health.no') },
                    ]}
                    data-testid={`health-${child.id}-${q.id}`}
                  />
                </Group>
              );
            })}
          </Stack>
        </fieldset>
      ))}
    </Stack>
  );
}
