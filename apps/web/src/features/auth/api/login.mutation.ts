import type { GraphqlDocument } from '../../../lib/graphql-post';
import { LOGIN_RESULT_FIELDS } from './login-result.fragment';
import type { AuthLoginMutation, AuthLoginMutationVariables } from '../../../graphql/generated/tenant-api';

/** Posted by the sign-in page itself (lib/graphql-post), which does not load urql. */
export const LOGIN_DOCUMENT = `
  mutation AuthLogin($username: String!, $password: String!, $device: String) {
    login(username: $username, password: $password, device: $device) {
      ...LoginResultFields
    }
  }
  ${LOGIN_RESULT_FIELDS}
` as GraphqlDocument<AuthLoginMutation, AuthLoginMutationVariables>;
