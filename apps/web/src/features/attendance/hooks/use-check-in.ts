import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import type { CheckInResultData } from '../api/fragments';
import { SaveCheckInOutMutation, type SaveCheckInOutVars } from '../api/save-check-in-out.mutation';
import { newRequestId } from '../lib/request-id';

/**
 * Saves a check-in or check-out. One tap has one request id: a retry after a network failure
 * sends the same id, so the server answers the first result and never records two.
 */
export function useCheckIn() {
  const { t } = useTranslation(['attendance', 'common']);
  const [{ fetching }, save] = useMutation(SaveCheckInOutMutation);
  const [pending, setPending] = useState<{ key: string; id: string } | null>(null);

  async function run(vars: Omit<SaveCheckInOutVars, 'request_id'>, options: { quiet?: boolean } = {}): Promise<CheckInResultData | null> {
    const key = JSON.stringify(vars);
    const requestId = pending?.key === key ? pending.id : newRequestId();
    setPending({ key, id: requestId });
    const result = await save({ ...vars, request_id: requestId }, { additionalTypenames: ['CheckInChild', 'Attendance', 'RoomRatio'] });
    if (result.error) {
      // A network failure keeps the id for the retry; an answer from the server ends the tap.
      if (!(result.error.networkError && result.error.graphQLErrors.length === 0)) setPending(null);
      reportMutationError(result.error, t);
      return null;
    }
    setPending(null);
    const data = result.data?.saveStudentCheckInOut ?? null;
    if (data && !options.quiet) showNotice(data);
    return data;
  }

  return { run, busy: fetching };
}
