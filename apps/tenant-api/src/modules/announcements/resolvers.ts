import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import * as announcements from './service/announcements.ts';
import * as items from './service/action-items.ts';
import * as send from './service/send.ts';

type Args = Record<string, unknown>;

export const announcementResolvers: Resolvers = {
  Query: {
    getAnnouncements: (_: unknown, args: Args, ctx: RequestContext) => announcements.getAnnouncements(ctx, args),
    getAnnouncement: (_: unknown, args: Args, ctx: RequestContext) => announcements.getAnnouncement(ctx, args),
    topAnnouncements: (_: unknown, args: Args, ctx: RequestContext) => announcements.topAnnouncements(ctx, args),
    getActionItems: (_: unknown, _args: Args, ctx: RequestContext) => items.getActionItems(ctx),
    getAnnouncementAcknowledgements: (_: unknown, args: Args, ctx: RequestContext) => announcements.getAnnouncementAcknowledgements(ctx, args),
  },
  Mutation: {
    createAnnouncement: (_: unknown, args: Args, ctx: RequestContext) => announcements.createAnnouncement(ctx, args),
    updateAnnouncement: (_: unknown, args: Args, ctx: RequestContext) => announcements.updateAnnouncement(ctx, args),
    deleteAnnouncement: (_: unknown, args: Args, ctx: RequestContext) => announcements.deleteAnnouncement(ctx, args),
    duplicateAnnouncement: (_: unknown, args: Args, ctx: RequestContext) => announcements.duplicateAnnouncement(ctx, args),
    updateAnnouncementStatus: (_: unknown, args: Args, ctx: RequestContext) => announcements.updateAnnouncementStatus(ctx, args),
    acknowledgeActionItem: (_: unknown, args: Args, ctx: RequestContext) => items.acknowledgeActionItem(ctx, args),
    sendAlert: (_: unknown, args: Args, ctx: RequestContext) => send.sendAlert(ctx, args),
    sendInstantSms: (_: unknown, args: Args, ctx: RequestContext) => send.sendInstantSms(ctx, args),
  },
  Announcement: {
    created_at: (r) => isoTime(r.created_at),
  },
  ActionItem: {
    created_at: (r) => isoTime(r.created_at),
    acknowledged_at: (r) => iso(r.acknowledged_at),
  },
  ActionItemRecipient: {
    acknowledged_at: (r) => iso(r.acknowledged_at),
  },
  Alert: {
    created_at: (r) => isoTime(r.created_at),
    alert_user: (r) => (r.alert_user ?? []).map(String),
    alert_student: (r) => (r.alert_student ?? []).map(String),
    alert_program: (r) => (r.alert_program ?? []).map(String),
  },
};
