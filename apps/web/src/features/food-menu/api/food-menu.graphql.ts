import { gql } from '@urql/core';
import type {
  FoodMenuAllergiesQuery,
  FoodMenuAllergiesQueryVariables,
  FoodMenuAutofillMutation,
  FoodMenuAutofillMutationVariables,
  FoodMenuCopyWeekMutation,
  FoodMenuCopyWeekMutationVariables,
  FoodMenuCountRosterQuery,
  FoodMenuDeleteSlotMutation,
  FoodMenuDeleteSlotMutationVariables,
  FoodMenuSaveSlotMutation,
  FoodMenuSaveSlotMutationVariables,
  FoodMenuCountRosterQueryVariables,
  FoodMenuCreateItemMutation,
  FoodMenuCreateItemMutationVariables,
  FoodMenuCreateWeekMutation,
  FoodMenuCreateWeekMutationVariables,
  FoodMenuDeleteItemMutation,
  FoodMenuDeleteItemMutationVariables,
  FoodMenuItemsQuery,
  FoodMenuItemsQueryVariables,
  FoodMenuLocationQuery,
  FoodMenuLocationQueryVariables,
  FoodMenuReportQuery,
  FoodMenuReportQueryVariables,
  FoodMenuSaveCountMutation,
  FoodMenuSaveCountMutationVariables,
  FoodMenuSaveDataMutation,
  FoodMenuSaveDataMutationVariables,
  FoodMenuSettingsMutation,
  FoodMenuSettingsMutationVariables,
  FoodMenuSlotsQuery,
  FoodMenuSlotsQueryVariables,
  FoodMenuUpdateItemMutation,
  FoodMenuUpdateItemMutationVariables,
  FoodMenuWeekDataQuery,
  FoodMenuWeekDataQueryVariables,
  FoodMenuWeeksQuery,
  FoodMenuWeeksQueryVariables,
} from '../../../graphql/generated/tenant-api';

/** The current location's zone and rooms. */
export const LocationQuery = gql<FoodMenuLocationQuery, FoodMenuLocationQueryVariables>`
  query FoodMenuLocation($id: ID!) {
    location(id: $id) {
      id
      timezone {
        id
      }
      rooms {
        id
        name
      }
    }
  }
`;

export const ItemsQuery = gql<FoodMenuItemsQuery, FoodMenuItemsQueryVariables>`
  query FoodMenuItems($location: ID!, $search: String, $page: Int, $first: Int) {
    getFoodMenuItems(location: $location, search: $search, page: $page, first: $first) {
      data {
        id
        name
        status
        components
        food_type
        serving_oz
        added_sugar_g
        total_sugar_g
        allergens {
          id
          name
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        perPage
        total
      }
    }
  }
`;

export const AllergiesQuery = gql<FoodMenuAllergiesQuery, FoodMenuAllergiesQueryVariables>`
  query FoodMenuAllergies {
    getAllergies(page: 1, first: 100) {
      data {
        id
        name
      }
    }
  }
`;

export const WeeksQuery = gql<FoodMenuWeeksQuery, FoodMenuWeeksQueryVariables>`
  query FoodMenuWeeks($location: ID!, $current: Boolean) {
    getFoodMenuWeeks(location: $location, current_week: $current, page: 1, first: 100) {
      data {
        id
        name
        status
        date
        current_week
      }
    }
  }
`;

export const WeekDataQuery = gql<FoodMenuWeekDataQuery, FoodMenuWeekDataQueryVariables>`
  query FoodMenuWeekData($week: ID!) {
    getFoodMenuWeekData(week: $week) {
      rotate
      week {
        id
        name
        date
        current_week
        status
      }
      slots {
        id
        name
        type
        start_time
        end_time
      }
      cells {
        day
        date
        slot_id
        warnings
        items {
          id
          name
          components
        }
        clashes {
          item_id
          item
          allergy
          student_id
          student_name
        }
      }
    }
  }
`;

export const SlotsQuery = gql<FoodMenuSlotsQuery, FoodMenuSlotsQueryVariables>`
  query FoodMenuSlots($location: ID!) {
    getMealSlots(location: $location) {
      id
      name
      type
      start_time
      end_time
    }
  }
`;

export const RosterQuery = gql<FoodMenuCountRosterQuery, FoodMenuCountRosterQueryVariables>`
  query FoodMenuCountRoster($program: ID!, $date: String!, $slot: ID!) {
    getMealCountRoster(program_id: $program, date: $date, slot: $slot) {
      count {
        id
        late
        saved_at
        students
      }
      items {
        id
        name
      }
      children {
        id
        fname
        lname
        checked_in
        counted
        clashes
      }
    }
  }
`;

export const ReportQuery = gql<FoodMenuReportQuery, FoodMenuReportQueryVariables>`
  query FoodMenuReport($location: ID!, $from: String!, $to: String!) {
    getMealCountReport(location: $location, from: $from, to: $to) {
      served
      claimed
      csv
      rows {
        date
        slot_id
        slot
        slot_type
        program_id
        room
        served
        claimed
        late
      }
      errors {
        date
        slot
        room
        student_id
        student
        message
      }
    }
  }
`;

export const CreateItemMutation = gql<FoodMenuCreateItemMutation, FoodMenuCreateItemMutationVariables>`
  mutation FoodMenuCreateItem(
    $location: ID!
    $name: String!
    $status: String
    $components: [String!]
    $food_type: String
    $serving_oz: Float
    $added_sugar_g: Float
    $total_sugar_g: Float
    $allergens: [ID!]
  ) {
    createFoodMenuItem(
      location: $location
      name: $name
      status: $status
      components: $components
      food_type: $food_type
      serving_oz: $serving_oz
      added_sugar_g: $added_sugar_g
      total_sugar_g: $total_sugar_g
      allergens: $allergens
    ) {
      status
      message
      color
      item {
        id
      }
    }
  }
`;

export const UpdateItemMutation = gql<FoodMenuUpdateItemMutation, FoodMenuUpdateItemMutationVariables>`
  mutation FoodMenuUpdateItem(
    $id: ID!
    $name: String
    $status: String
    $components: [String!]
    $food_type: String
    $serving_oz: Float
    $added_sugar_g: Float
    $total_sugar_g: Float
    $allergens: [ID!]
  ) {
    updateFoodMenuItem(
      id: $id
      name: $name
      status: $status
      components: $components
      food_type: $food_type
      serving_oz: $serving_oz
      added_sugar_g: $added_sugar_g
      total_sugar_g: $total_sugar_g
      allergens: $allergens
    ) {
      status
      message
      color
      item {
        id
      }
    }
  }
`;

export const DeleteItemMutation = gql<FoodMenuDeleteItemMutation, FoodMenuDeleteItemMutationVariables>`
  mutation FoodMenuDeleteItem($id: ID!) {
    deleteFoodMenuItem(id: $id) {
      status
      message
      color
      id
    }
  }
`;

export const CreateWeekMutation = gql<FoodMenuCreateWeekMutation, FoodMenuCreateWeekMutationVariables>`
  mutation FoodMenuCreateWeek($location: ID!, $name: String!, $date: String!, $status: String) {
    createFoodMenuWeek(location: $location, name: $name, date: $date, status: $status) {
      status
      message
      color
      week {
        id
      }
    }
  }
`;

export const CopyWeekMutation = gql<FoodMenuCopyWeekMutation, FoodMenuCopyWeekMutationVariables>`
  mutation FoodMenuCopyWeek($week: ID!, $name: String!, $date: String!) {
    copyFoodMenuWeek(week: $week, name: $name, date: $date) {
      status
      message
      color
      week {
        id
      }
    }
  }
`;

export const SaveDataMutation = gql<FoodMenuSaveDataMutation, FoodMenuSaveDataMutationVariables>`
  mutation FoodMenuSaveData($week: ID!, $cells: [FoodMenuCellInput!]!) {
    saveFoodMenuWeekData(week: $week, cells: $cells) {
      status
      message
      color
    }
  }
`;

export const AutofillMutation = gql<FoodMenuAutofillMutation, FoodMenuAutofillMutationVariables>`
  mutation FoodMenuAutofill($week: ID!) {
    autofillFoodMenu(week: $week) {
      status
      message
      color
    }
  }
`;

export const SettingsMutation = gql<FoodMenuSettingsMutation, FoodMenuSettingsMutationVariables>`
  mutation FoodMenuSettings($week: ID!, $rotate: Boolean!) {
    saveFoodMenuSettings(week: $week, rotate: $rotate) {
      status
      message
      color
    }
  }
`;

export const SaveCountMutation = gql<FoodMenuSaveCountMutation, FoodMenuSaveCountMutationVariables>`
  mutation FoodMenuSaveCount($program: ID!, $date: String!, $slot: ID!, $students: [ID!]!) {
    saveMealCount(program_id: $program, date: $date, slot: $slot, students: $students) {
      status
      message
      color
      count {
        id
        late
      }
    }
  }
`;

export const SaveSlotMutation = gql<FoodMenuSaveSlotMutation, FoodMenuSaveSlotMutationVariables>`
  mutation FoodMenuSaveSlot($location: ID!, $name: String!, $type: String!, $start_time: String!, $end_time: String!) {
    saveMealSlot(location: $location, name: $name, type: $type, start_time: $start_time, end_time: $end_time) {
      status
      message
      color
      slot {
        id
      }
    }
  }
`;

export const DeleteSlotMutation = gql<FoodMenuDeleteSlotMutation, FoodMenuDeleteSlotMutationVariables>`
  mutation FoodMenuDeleteSlot($id: ID!) {
    deleteMealSlot(id: $id) {
      status
      message
      color
      id
    }
  }
`;
