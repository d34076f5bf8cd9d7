import { useTranslation } from 'react-i18next';
import { MainLayout } from '../components/layout/main-layout';
import { platformMenu } from './platform-menu';

/** The operator console layout (its titles and menu live in the operator namespace). */
export function PlatformLayout() {
  useTranslation(['operator', 'shell', 'common']);
  return <MainLayout menu={platformMenu} sidebar={null} />;
}
