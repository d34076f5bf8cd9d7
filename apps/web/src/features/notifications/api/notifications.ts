import { gql } from '@urql/core';
import type {
  NotificationsListQuery,
  NotificationsListQueryVariables,
  NotificationsSettingsQuery,
  NotificationsSettingsQueryVariables,
  NotificationsMarkSeenMutation,
  NotificationsMarkSeenMutationVariables,
  NotificationsMarkAllSeenMutation,
  NotificationsMarkAllSeenMutationVariables,
  NotificationsSaveSettingsMutation,
  NotificationsSaveSettingsMutationVariables,
  NotificationsAddedSubscription,
  NotificationsAddedSubscriptionVariables,
} from '../../../graphql/generated/tenant-api';

export type NotificationData = NotificationsListQuery['getNotifications']['data'][number];
export type NotificationSettingsData = NotificationsSettingsQuery['getUserNotificationSettings'];

const FIELDS = `id kind title body link student_id held seen created_at`;

/** A page of the viewer's notifications, newest first, with their unseen count. */
export const NotificationsQuery = gql<NotificationsListQuery, NotificationsListQueryVariables>`
  query NotificationsList($page: Int, $first: Int) {
    getNotifications(page: $page, first: $first) {
      unseen
      data { ${FIELDS} }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const MarkNotificationSeenMutation = gql<NotificationsMarkSeenMutation, NotificationsMarkSeenMutationVariables>`
  mutation NotificationsMarkSeen($id: ID!) {
    markNotificationSeen(id: $id) {
      status
      message
      color
      unseen
      notification {
        id
        seen
      }
    }
  }
`;

export const MarkAllNotificationsSeenMutation = gql<NotificationsMarkAllSeenMutation, NotificationsMarkAllSeenMutationVariables>`
  mutation NotificationsMarkAllSeen {
    markAllNotificationsSeen {
      status
      message
      color
      count
      unseen
    }
  }
`;

const SETTINGS = 'push food nap meds activity notes checks media msgs kudos health_check name_to_face observation mood custom digest';

export const NotificationSettingsQuery = gql<NotificationsSettingsQuery, NotificationsSettingsQueryVariables>`
  query NotificationsSettings {
    getUserNotificationSettings { ${SETTINGS} }
  }
`;

export const SaveNotificationSettingsMutation = gql<NotificationsSaveSettingsMutation, NotificationsSaveSettingsMutationVariables>`
  mutation NotificationsSaveSettings(
    $push: Boolean, $food: Boolean, $nap: Boolean, $meds: Boolean, $activity: Boolean, $notes: Boolean, $checks: Boolean,
    $media: Boolean, $msgs: Boolean, $kudos: Boolean, $health_check: Boolean, $name_to_face: Boolean, $observation: Boolean,
    $mood: Boolean, $custom: Boolean, $digest: Boolean
  ) {
    saveUserNotificationSettings(
      push: $push, food: $food, nap: $nap, meds: $meds, activity: $activity, notes: $notes, checks: $checks, media: $media,
      msgs: $msgs, kudos: $kudos, health_check: $health_check, name_to_face: $name_to_face, observation: $observation,
      mood: $mood, custom: $custom, digest: $digest
    ) { status message color settings { ${SETTINGS} } }
  }
`;

/** The viewer's new notifications, live (subscriptions.graphql). */
export const NotificationAddedSubscription = gql<NotificationsAddedSubscription, NotificationsAddedSubscriptionVariables>`
  subscription NotificationsAdded {
    notificationAdded { ${FIELDS} }
  }
`;

export const SETTING_KEYS = [
  'push',
  'checks',
  'msgs',
  'food',
  'nap',
  'meds',
  'activity',
  'notes',
  'media',
  'kudos',
  'health_check',
  'name_to_face',
  'observation',
  'mood',
  'custom',
] as const;
