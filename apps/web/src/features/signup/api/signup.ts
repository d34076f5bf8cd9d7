import { gql } from '@urql/core';
import type {
  SignupPlansQuery,
  SignupPlansQueryVariables,
  SignupCheckSlugQuery,
  SignupCheckSlugQueryVariables,
  SignupStartMutation,
  SignupStartMutationVariables,
  SignupVerifyMutation,
  SignupVerifyMutationVariables,
  SignupPaymentMutation,
  SignupPaymentMutationVariables,
  SignupSaveSetupMutation,
  SignupSaveSetupMutationVariables,
  SignupSetupStatusQuery,
  SignupSetupStatusQueryVariables,
} from '../../../graphql/generated/control-plane';

/** The public plans of /packages (a guest gets the public, active ones). */
export const SignupPlansDocument = gql<SignupPlansQuery, SignupPlansQueryVariables>`
  query SignupPlans($page: Int, $first: Int) {
    getCenterPlans(page: $page, first: $first, public: true) {
      data {
        id
        name
        amount
        period
        trial_days
        note
        limits {
          max_locations
          max_students
          max_cameras
        }
      }
      paginatorInfo {
        currentPage
        lastPage
        total
      }
    }
  }
`;

export const SignupCheckSlugDocument = gql<SignupCheckSlugQuery, SignupCheckSlugQueryVariables>`
  query SignupCheckSlug($slug: String!) {
    checkCenterSlug(slug: $slug) {
      slug
      available
      message
    }
  }
`;

export const SignupStartDocument = gql<SignupStartMutation, SignupStartMutationVariables>`
  mutation SignupStart(
    $fname: String!
    $lname: String!
    $email: String!
    $password: String!
    $center_name: String!
    $subdomain: String!
    $kind: String!
    $plan_id: ID
  ) {
    startCustomerSignup(
      fname: $fname
      lname: $lname
      email: $email
      password: $password
      center_name: $center_name
      subdomain: $subdomain
      kind: $kind
      plan_id: $plan_id
    ) {
      status
      message
      color
      pin_time
    }
  }
`;

export const SignupVerifyDocument = gql<SignupVerifyMutation, SignupVerifyMutationVariables>`
  mutation SignupVerify($pin_time: String!, $pin: String!) {
    verifyCustomerSignup(pin_time: $pin_time, pin: $pin) {
      status
      message
      color
      token
    }
  }
`;

export const SignupPaymentDocument = gql<SignupPaymentMutation, SignupPaymentMutationVariables>`
  mutation SignupPayment($signup_token: String!, $method: String!, $payment_method_id: String) {
    submitCenterPayment(signup_token: $signup_token, method: $method, payment_method_id: $payment_method_id) {
      status
      message
      color
    }
  }
`;

export const SignupSaveSetupDocument = gql<SignupSaveSetupMutation, SignupSaveSetupMutationVariables>`
  mutation SignupSaveSetup(
    $token: String!
    $time_zone: String!
    $location_name: String!
    $manager_fname: String
    $manager_lname: String
    $manager_email: String
  ) {
    saveCenterSetup(
      token: $token
      time_zone: $time_zone
      location_name: $location_name
      manager_fname: $manager_fname
      manager_lname: $manager_lname
      manager_email: $manager_email
    ) {
      status
      message
      color
      center_id
      url
      expires_in_minutes
    }
  }
`;

export const SignupSetupStatusDocument = gql<SignupSetupStatusQuery, SignupSetupStatusQueryVariables>`
  query SignupSetupStatus($token: String!) {
    getCenterSetup(token: $token) {
      center_name
      slug
      center_url
      status
      progress
      step
      error
      has_card
    }
  }
`;
