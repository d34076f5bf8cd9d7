import { useNavigate } from 'react-router-dom';
import { isSafeRedirect } from '../../../lib/path-builder';
import type { LoginPayload } from '../../../lib/session-store';
import { useShell } from '../../../lib/shell-context';
import { viewerFromUser } from '../../../lib/viewer';

/** Stores a successful sign-in and goes to the wanted page, or the role's entry page. */
export function useCompleteSignIn() {
  const shell = useShell();
  const navigate = useNavigate();
  return (payload: LoginPayload, redirect?: string | null): boolean => {
    if (!shell.session.signIn(payload)) return false;
    const role = viewerFromUser(shell.session.getSnapshot().user).role;
    navigate(isSafeRedirect(redirect) ? redirect : shell.entryPath(role), { replace: true });
    return true;
  };
}
