import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the health questionnaire's error codes (plus the common ones). */
export const HealthError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Incomplete: 'HEALTH_SCREEN_INCOMPLETE',
} as const;

export const questionNotFound = () => notFound('Health question not found.');
export const tooManyQuestions = (max: number) => badInput('statement', `A questionnaire has at most ${max} statements.`);
export const screenIncomplete = (studentId: string) =>
  new AppError(HealthError.Incomplete, 'Answer every health question for each child.', { field: 'health_screen', student_id: studentId });
export const unknownQuestion = () => badInput('health_screen', 'One of the answers is for a question of another location.');
