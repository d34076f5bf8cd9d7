import { useNavigation } from 'react-router-dom';
import { PageLoader } from './page-loader';

/** Spec §2: a loading overlay shows during navigation (lazy route chunks load here). */
export function NavigationOverlay() {
  const navigation = useNavigation();
  return <PageLoader visible={navigation.state === 'loading'} />;
}
