import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router-dom';
import { buildPath } from '../../lib/path-builder';
import { paths } from '../../lib/paths';
import { isRouteHandle } from '../../lib/route-handle';
import { useShell, useViewer } from '../../lib/shell-context';

interface Crumb {
  key: string;
  title: string;
  to: string | null;
}

/**
 * Home > parents > current page, from the matched routes' titles and declared parents.
 * A parent link that cannot be built (a missing parameter) is logged and shown as text.
 */
export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const params = useParams();
  const viewer = useViewer();
  const { entryPath } = useShell();
  const home = entryPath(viewer.role);
  const crumbs: Crumb[] = [{ key: 'home', title: 'shell:breadcrumbs.home', to: home }];
  for (const match of matches) {
    const handle = match.handle;
    if (!isRouteHandle(handle) || !handle.title || handle.noCrumb) continue;
    for (const parent of handle.parents ?? []) {
      let to: string | null = null;
      try {
        to = buildPath(paths[parent.path].pattern, params);
      } catch (error) {
        console.error('Breadcrumb link could not be built', parent, error);
      }
      crumbs.push({ key: `${match.id}-${parent.path}`, title: parent.title, to });
    }
    if (match.pathname === home) continue;
    crumbs.push({ key: match.id, title: handle.title, to: match.pathname });
  }
  return crumbs;
}

export function Breadcrumbs() {
  const { t } = useTranslation('common');
  const crumbs = useCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t('shell:breadcrumbs.label')}>
      <MantineBreadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 || !crumb.to ? (
            <Text key={crumb.key} size="sm" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {t(crumb.title)}
            </Text>
          ) : (
            <Anchor key={crumb.key} component={Link} to={crumb.to} size="sm">
              {t(crumb.title)}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
