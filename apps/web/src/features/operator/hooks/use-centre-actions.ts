import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import type { CenterResultData } from '../api/center.fragment';
import { ActivateCenterMutation, ExtendCenterTrialMutation, SuspendCenterMutation } from '../api/center-lifecycle.mutation';

/** Suspend, activate and extend-trial calls, each showing the server's notice. */
export function useCentreActions(centreId: string) {
  const { t } = useTranslation(['operator', 'common']);
  const [suspend, suspendCenter] = useMutation(SuspendCenterMutation);
  const [activate, activateCenter] = useMutation(ActivateCenterMutation);
  const [extend, extendTrial] = useMutation(ExtendCenterTrialMutation);
  const done = (error: Parameters<typeof reportMutationError>[0], payload: CenterResultData | undefined) => {
    if (reportMutationError(error, t) || !payload) return false;
    showNotice(payload);
    return payload.status;
  };
  return {
    busy: suspend.fetching || activate.fetching || extend.fetching,
    async suspend() {
      const r = await suspendCenter({ id: centreId });
      return done(r.error, r.data?.suspendCenter);
    },
    async activate() {
      const r = await activateCenter({ id: centreId });
      return done(r.error, r.data?.activateCenter);
    },
    async extendTrial(days: number) {
      const r = await extendTrial({ id: centreId, days });
      return done(r.error, r.data?.extendCenterTrial);
    },
  };
}
