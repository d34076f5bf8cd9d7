import { gql } from '@urql/core';
import type {
  CalendarDisconnectGoogleMutation,
  CalendarDisconnectGoogleMutationVariables,
  CalendarGoogleAuthUrlQuery,
  CalendarGoogleAuthUrlQueryVariables,
  CalendarSaveGoogleTokenMutation,
  CalendarSaveGoogleTokenMutationVariables,
} from '../../../graphql/generated/tenant-api';

/** Google's consent URL for one calendar (a new signed, single-use state each time). */
export const GoogleAuthUrlQuery = gql<CalendarGoogleAuthUrlQuery, CalendarGoogleAuthUrlQueryVariables>`
  query CalendarGoogleAuthUrl($calendar: ID!) {
    getGoogleCalendarAuthUrl(calendar: $calendar)
  }
`;

/** /googleInt: Google's code and the state, for the refresh token (kept on the server). */
export const SaveGoogleTokenMutation = gql<CalendarSaveGoogleTokenMutation, CalendarSaveGoogleTokenMutationVariables>`
  mutation CalendarSaveGoogleToken($code: String, $state: String) {
    saveGoogleCalendarToken(code: $code, state: $state) {
      calendar_id
      status
    }
  }
`;

export const DisconnectGoogleMutation = gql<CalendarDisconnectGoogleMutation, CalendarDisconnectGoogleMutationVariables>`
  mutation CalendarDisconnectGoogle($calendar: ID!) {
    disconnectGoogleCalendar(calendar: $calendar) {
      calendar_id
      status
    }
  }
`;
