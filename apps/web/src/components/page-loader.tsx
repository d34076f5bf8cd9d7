import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/** The loading overlay shown while a route (or its translations) loads. */
export function PageLoader({ visible = true }: { visible?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={classes.overlay} data-visible={visible || undefined} aria-hidden={!visible} data-testid="page-loader">
      {visible ? (
        <div role="status" aria-live="polite" className={classes.box}>
          <Loader size="md" />
          <span className={classes.label}>{ready ? t('common:loading') : ''}</span>
        </div>
      ) : null}
    </div>
  );
}
