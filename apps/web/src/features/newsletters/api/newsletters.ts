import { gql } from '@urql/core';
import type {
  NewslettersAudienceOptionsQuery,
  NewslettersAudienceOptionsQueryVariables,
  NewslettersCreateMutation,
  NewslettersCreateMutationVariables,
  NewslettersDeleteMutation,
  NewslettersDeleteMutationVariables,
  NewslettersDuplicateMutation,
  NewslettersDuplicateMutationVariables,
  NewslettersListQuery,
  NewslettersListQueryVariables,
  NewslettersOneQuery,
  NewslettersOneQueryVariables,
  NewslettersProgressSubscription,
  NewslettersProgressSubscriptionVariables,
  NewslettersPublishMutation,
  NewslettersPublishMutationVariables,
  NewslettersSendMutation,
  NewslettersSendMutationVariables,
  NewslettersSendStateQuery,
  NewslettersSendStateQueryVariables,
  NewslettersTemplatesQuery,
  NewslettersTemplatesQueryVariables,
  NewslettersUnsubscribedEmailsQuery,
  NewslettersUnsubscribedEmailsQueryVariables,
  NewslettersUnsubscribedSmsQuery,
  NewslettersUnsubscribedSmsQueryVariables,
  NewslettersUpdateMutation,
  NewslettersUpdateMutationVariables,
  NewslettersUnsubscribeMutation,
  NewslettersUnsubscribeMutationVariables,
  NewslettersRequestLinkMutation,
  NewslettersRequestLinkMutationVariables,
} from '../../../graphql/generated/tenant-api';

export type NewsletterData = NewslettersListQuery['getNewsletters']['data'][number];
export type TemplateData = NewslettersTemplatesQuery['getNewsletterTemplates'][number];
export type ProgressData = NewslettersProgressSubscription['newsletterProgress'];

const FIELDS = `id name key image is_temp uploaded published published_at tags created_at updated_at
  log { send_id subject status total queued skipped created_at finished_at }`;

export const NewslettersQuery = gql<NewslettersListQuery, NewslettersListQueryVariables>`
  query NewslettersList($search: String, $tag: String, $is_temp: Boolean, $page: Int, $first: Int) {
    getNewsletters(search: $search, tag: $tag, is_temp: $is_temp, page: $page, first: $first) {
      data { ${FIELDS} }
      paginatorInfo { currentPage lastPage perPage total }
    }
  }
`;

export const NewsletterQuery = gql<NewslettersOneQuery, NewslettersOneQueryVariables>`
  query NewslettersOne($id: ID!) {
    getNewsletter(id: $id) { ${FIELDS} template }
  }
`;

export const TemplatesQuery = gql<NewslettersTemplatesQuery, NewslettersTemplatesQueryVariables>`
  query NewslettersTemplates {
    getNewsletterTemplates { id key name template image source }
  }
`;

export const AudienceOptionsQuery = gql<NewslettersAudienceOptionsQuery, NewslettersAudienceOptionsQueryVariables>`
  query NewslettersAudienceOptions {
    dropdownLocations { id name rooms { id name location_id } }
    getTags(first: 100) { data { id name } }
  }
`;

export const CreateMutation = gql<NewslettersCreateMutation, NewslettersCreateMutationVariables>`
  mutation NewslettersCreate($name: String!, $template: String, $key: String, $image: String, $is_temp: Boolean, $uploaded: Boolean, $tags: [String!]) {
    createNewsletter(name: $name, template: $template, key: $key, image: $image, is_temp: $is_temp, uploaded: $uploaded, tags: $tags) {
      status message color newsletter { ${FIELDS} template }
    }
  }
`;

export const UpdateMutation = gql<NewslettersUpdateMutation, NewslettersUpdateMutationVariables>`
  mutation NewslettersUpdate($id: ID!, $name: String, $template: String, $uploaded: Boolean, $tags: [String!]) {
    updateNewsletter(id: $id, name: $name, template: $template, uploaded: $uploaded, tags: $tags) {
      status message color newsletter { ${FIELDS} template }
    }
  }
`;

export const DeleteMutation = gql<NewslettersDeleteMutation, NewslettersDeleteMutationVariables>`
  mutation NewslettersDelete($id: ID!) {
    deleteNewsletter(id: $id) { status message color newsletter { id } }
  }
`;

export const DuplicateMutation = gql<NewslettersDuplicateMutation, NewslettersDuplicateMutationVariables>`
  mutation NewslettersDuplicate($id: ID!) {
    duplicateNewsletter(id: $id) { status message color newsletter { id } }
  }
`;

export const PublishMutation = gql<NewslettersPublishMutation, NewslettersPublishMutationVariables>`
  mutation NewslettersPublish($id: ID!, $published: Boolean) {
    publishNewsletter(id: $id, published: $published) { status message color newsletter { id published published_at } }
  }
`;

export const SendMutation = gql<NewslettersSendMutation, NewslettersSendMutationVariables>`
  mutation NewslettersSend($id: ID!, $subject: String!, $audience: NewsletterAudience!) {
    sendNewsletterAction(id: $id, subject: $subject, audience: $audience) { status message color send_id newsletter_id }
  }
`;

export const SendStateQuery = gql<NewslettersSendStateQuery, NewslettersSendStateQueryVariables>`
  query NewslettersSendState($send_id: ID!) {
    getNewsletterSend(send_id: $send_id) { send_id newsletter_id status total queued skipped }
  }
`;

export const ProgressSubscription = gql<NewslettersProgressSubscription, NewslettersProgressSubscriptionVariables>`
  subscription NewslettersProgress($send_id: ID!) {
    newsletterProgress(send_id: $send_id) { send_id newsletter_id status total queued skipped }
  }
`;

export const UnsubscribedEmailsQuery = gql<NewslettersUnsubscribedEmailsQuery, NewslettersUnsubscribedEmailsQueryVariables>`
  query NewslettersUnsubscribedEmails($search: String, $page: Int, $first: Int, $csv: Boolean) {
    getUnsubscribedEmails(search: $search, page: $page, first: $first, csv: $csv) {
      data { id email source created_at }
      paginatorInfo { currentPage lastPage perPage total }
      csv
    }
  }
`;

export const UnsubscribedSmsQuery = gql<NewslettersUnsubscribedSmsQuery, NewslettersUnsubscribedSmsQueryVariables>`
  query NewslettersUnsubscribedSms($search: String, $page: Int, $first: Int, $csv: Boolean) {
    getUnsubscribedSms(search: $search, page: $page, first: $first, csv: $csv) {
      data { id phone source created_at }
      paginatorInfo { currentPage lastPage perPage total }
      csv
    }
  }
`;

export const UnsubscribeMutation = gql<NewslettersUnsubscribeMutation, NewslettersUnsubscribeMutationVariables>`
  mutation NewslettersUnsubscribe($token: String!) {
    unsubscribeEmail(token: $token) { status message color email }
  }
`;

export const RequestLinkMutation = gql<NewslettersRequestLinkMutation, NewslettersRequestLinkMutationVariables>`
  mutation NewslettersRequestLink($email: String!) {
    requestUnsubscribeLink(email: $email) { status message color }
  }
`;

