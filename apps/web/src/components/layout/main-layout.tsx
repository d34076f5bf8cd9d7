import { ActionIcon, AppShell, Burger, Group, Image, ScrollArea, Skeleton, Stack, Text, Tooltip, VisuallyHidden, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { visibleMenu, type MenuItem, type SidebarRules } from '../../lib/menu';
import { createPersistentStore } from '../../lib/persistent-store';
import { useAppConfig, useShell, useThemeControls, useViewer } from '../../lib/shell-context';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { LanguageMenu } from './language-menu';
import { Breadcrumbs } from './breadcrumbs';
import classes from './main-layout.module.css';
import { SidebarMenu } from './sidebar-menu';
import { StarredPagesBar, StarToggle } from './starred-pages';
import { SupportSessionBanner } from './support-session-banner';
import { ThemeModeMenu } from './theme-mode-menu';
import { usePageTitleKey } from './use-page-title';
import { UserMenu } from './user-menu';

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const collapsedStore = createPersistentStore<boolean | null>(
  STORAGE_KEYS.sidebarCollapsed,
  (v): v is boolean | null => v === null || isBoolean(v),
  null,
);

export interface MainLayoutProps {
  menu: readonly MenuItem[];
  /** The centre's sidebar setting per menu name; null until loaded or on the platform host. */
  sidebar: SidebarRules | null;
  /** Extra controls at the start of the top bar (the current location picker). */
  topBarStart?: ReactNode;
  /** Shown at the end of the top bar, before the page star (the centre's notification bell, handed in by the app). */
  topBarEnd?: ReactNode;
  /** False while the sidebar settings load: the menu waits rather than flash entries it may hide. */
  menuReady?: boolean;
}

function useDocumentTitle(siteName: string) {
  const { t } = useTranslation('common');
  const titleKey = usePageTitleKey();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${siteName}` : siteName;
  }, [t, titleKey, siteName]);
}

/** Vertical layout: floating top bar, collapsible sidebar, breadcrumbs, zoom-fade page transition, static footer. */
export function MainLayout({ menu, sidebar, topBarStart, topBarEnd, menuReady = true }: MainLayoutProps) {
  // The shell namespace (menu, titles, tables) loads with the layout, not with the sign-in page.
  const { t } = useTranslation(['shell', 'common']);
  const config = useAppConfig();
  const viewer = useViewer();
  const { entryPath } = useShell();
  const { mode, branding } = useThemeControls();
  const location = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const storedCollapsed = useSyncExternalStore(collapsedStore.subscribe, collapsedStore.get, collapsedStore.get);
  const desktopCollapsed = storedCollapsed ?? branding.collapseSidebar;
  // Below the sidebar's breakpoint (phones, tablets) the menu is closed until the burger opens it:
  // its ~60 links are rendered then, not on every first load, and stay once rendered.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.xl})`, undefined, { getInitialValueInEffect: false });
  const menuShown = wide ? !desktopCollapsed : mobileOpened;
  const [menuMounted, setMenuMounted] = useState(menuShown);
  useEffect(() => {
    if (menuShown) setMenuMounted(true);
  }, [menuShown]);
  const siteName = branding.title ?? config.centre?.name ?? t('common:brand.console');
  useDocumentTitle(siteName);

  const items = useMemo(
    () => visibleMenu(menu, { viewer, sidebar, centreKind: config.centre?.kind ?? null }),
    [menu, viewer, sidebar, config.centre?.kind],
  );

  useEffect(() => mobile.close(), [location.pathname]);

  const collapseLabel = desktopCollapsed ? t('shell:layout.expandSidebar') : t('shell:layout.collapseSidebar');
  // Confirmation modals are only used inside the layout; keeping the provider here keeps it out of the sign-in bundle.
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 72 }}
        navbar={{ width: 264, breakpoint: 'xl', collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed } }}
        padding="md"
      >
        <a href="#main-content" className="kv-skip-link">
          {t('shell:layout.skipToContent')}
        </a>
        <AppShell.Header className={classes.header}>
          <div className={classes.floatingBar}>
            <Burger opened={mobileOpened} onClick={mobile.toggle} hiddenFrom="xl" size="sm" aria-label={t('shell:layout.openMenu')} />
            <Tooltip label={collapseLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="xl"
                aria-label={collapseLabel}
                onClick={() => collapsedStore.set(!desktopCollapsed)}
                data-testid="sidebar-collapse"
              >
                {desktopCollapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
            {topBarStart}
            <StarredPagesBar />
            <Group gap={4} ml="auto" wrap="nowrap">
              {topBarEnd}
              <StarToggle />
              <LanguageMenu compact />
              <ThemeModeMenu />
              <UserMenu />
            </Group>
          </div>
        </AppShell.Header>
        <AppShell.Navbar
          className={classes.navbar}
          data-dark={mode !== 'light' || undefined}
          data-mantine-color-scheme={mode !== 'light' ? 'dark' : undefined}
          aria-label={t('shell:layout.mainMenu')}
        >
          <Link to={entryPath(viewer.role)} className={classes.brand}>
            {branding.appLogo ? <Image src={branding.appLogo} alt="" h={32} w="auto" fit="contain" /> : null}
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate>
                {config.centre ? siteName : t('common:brand.product')}
              </Text>
              {config.centre ? null : (
                <Text size="xs" c="dimmed">
                  {t('common:brand.consoleLabel')}
                </Text>
              )}
            </div>
            <VisuallyHidden>{t('shell:layout.home')}</VisuallyHidden>
          </Link>
          <ScrollArea className={classes.menuScroll} type="scroll">
            {!menuMounted && !menuShown ? null : menuReady ? (
              <div data-testid="main-menu">
                <SidebarMenu items={items} viewer={viewer} onNavigate={mobile.close} />
              </div>
            ) : (
              <Stack gap="xs" p="xs" aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} height={30} radius="sm" />
                ))}
              </Stack>
            )}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
          <div className={classes.content}>
            <SupportSessionBanner />
            <Breadcrumbs />
            <div key={location.pathname} className="kv-route-transition">
              <Outlet />
            </div>
          </div>
          <footer className={classes.footer}>
            <span>{t('common:footer.copyright', { year: new Date().getFullYear() })}</span>
            <span>{t('common:footer.madeFor')}</span>
          </footer>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
