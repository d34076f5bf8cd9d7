import { useMatches } from 'react-router-dom';
import type { PeoplePanels, PeopleRouteHandle } from '../routes';

/** The panels the app handed to this people route (other features' parts of the page). */
export function usePeoplePanels(): PeoplePanels {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PeopleRouteHandle | undefined;
  return handle?.panels ?? {};
}
