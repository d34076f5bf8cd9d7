import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso } from '../../core/result.ts';
import { saveOf, updateOf } from './service/save.ts';
import * as delegated from './service/delegated.ts';
import * as feed from './service/feed.ts';
import { sendDailyReport } from './service/reports.ts';
import type { ShownActivity } from './service/common.ts';

type Args = Record<string, unknown>;
/** A root field served by a service function of (ctx, args). */
const r =
  <T>(op: (ctx: RequestContext, args: Args) => Promise<T>) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    op(ctx, args);
const detail = (key: string) => (a: ShownActivity) => {
  const v = (a.details ?? {})[key];
  return typeof v === 'string' ? v : null;
};

export const activityResolvers: Resolvers = {
  Query: {
    getDailyReport: r(feed.getDailyReport),
    getFilteredReports: r(feed.getFilteredReports),
    getRoomActivities: r(feed.getRoomActivities),
  },
  Mutation: {
    saveBottleActivity: r(saveOf('bottle')),
    updateBottleActivity: r(updateOf('bottle')),
    saveMealActivity: r(saveOf('meal')),
    updateMealActivity: r(updateOf('meal')),
    saveNapActivity: r(saveOf('nap')),
    updateNapActivity: r(updateOf('nap')),
    saveDiaperActivity: r(saveOf('diaper')),
    updateDiaperActivity: r(updateOf('diaper')),
    savePottyActivity: r(saveOf('potty')),
    updatePottyActivity: r(updateOf('potty')),
    saveSuppliesActivity: r(saveOf('supplies')),
    updateSuppliesActivity: r(updateOf('supplies')),
    saveMedicationActivity: r(saveOf('medication')),
    updateMedicationActivity: r(updateOf('medication')),
    saveIncidentActivity: r(saveOf('incident')),
    updateIncidentActivity: r(updateOf('incident')),
    saveNoteActivity: r(saveOf('note')),
    updateNoteActivity: r(updateOf('note')),
    saveKudosActivity: r(saveOf('kudos')),
    updateKudosActivity: r(updateOf('kudos')),
    saveMoodActivity: r(saveOf('mood')),
    updateMoodActivity: r(updateOf('mood')),
    saveCustomActivity: r(saveOf('custom')),
    updateCustomActivity: r(updateOf('custom')),
    saveObservationActivity: r(saveOf('observation')),
    updateObservationActivity: r(updateOf('observation')),
    savePhotoActivity: r(saveOf('photo')),
    updatePhotoActivity: r(updateOf('photo')),
    saveVideoActivity: r(saveOf('video')),
    updateVideoActivity: r(updateOf('video')),
    saveActivity: r(saveOf('activity')),
    updateActivity: r(updateOf('activity')),
    saveCheckInActivity: r(delegated.saveCheckInActivity),
    updateCheckInActivity: r(delegated.updateCheckInActivity),
    saveCheckOutActivity: r(delegated.saveCheckOutActivity),
    updateCheckOutActivity: r(delegated.updateCheckOutActivity),
    saveHealthCheckActivity: r(delegated.saveHealthCheckActivity),
    updateHealthCheckActivity: r(delegated.updateHealthCheckActivity),
    saveAbsentActivity: r(delegated.saveAbsentActivity),
    updateAbsentActivity: r(delegated.updateAbsentActivity),
    deleteDailyActivity: r(feed.deleteDailyActivity),
    sendDailyReport: r(sendDailyReport),
    approveRoomActivities: r(feed.approveRoomActivities),
  },
  Activity: {
    staffOnly: (a: ShownActivity) => a.staff_only,
    photos: (a: ShownActivity) => a.photos ?? [],
    skills: (a: ShownActivity) => (a.skills ?? []).map(String),
    amount: (a: ShownActivity) => (a.kind === 'health_check' ? null : a.amount),
    temperature: (a: ShownActivity) => (a.kind === 'health_check' ? a.amount : null),
    portion: detail('portion'),
    unit: detail('unit'),
    medication_id: detail('medication_id'),
    dose: detail('dose'),
    injury: detail('injury'),
    first_aid: detail('first_aid'),
    body_part: detail('body_part'),
    supplies: (a: ShownActivity) => {
      const v = (a.details ?? {}).supplies;
      return Array.isArray(v) ? v.map(String) : null;
    },
    created_at: (a: ShownActivity) => (a.source === 'activity' ? iso(a.created_at) : null),
  },
};
