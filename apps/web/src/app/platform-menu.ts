import { IconBuildingCommunity, IconDatabaseCog, IconMailForward, IconPlus, IconPresentation, IconTemplate, IconVaccine } from '@tabler/icons-react';
// Platform billing's entries.
import { IconCash, IconFileInvoice, IconReceipt2 } from '@tabler/icons-react';
import type { MenuItem } from '../lib/menu';
import { paths } from '../lib/paths';

/** The operator console menu: kvsupport sees centres; admins also add centres and run migrations. */
export const platformMenu: readonly MenuItem[] = [
  {
    kind: 'link',
    id: 'centres',
    label: 'operator:menu.centres',
    icon: IconBuildingCommunity,
    to: () => paths.centersList.to(),
    access: { role: 'kvsupport' },
  },
  {
    kind: 'link',
    id: 'addCentre',
    label: 'operator:menu.addCentre',
    icon: IconPlus,
    to: () => paths.centreNew.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'migrations',
    label: 'operator:menu.migrations',
    icon: IconDatabaseCog,
    to: () => paths.migrationRuns.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'sendCustomEmail',
    label: 'operator:menu.sendCustomEmail',
    icon: IconMailForward,
    to: () => paths.sendCustomEmail.to(),
    access: { role: 'kvsupport' },
  },
  {
    kind: 'link',
    id: 'templates',
    label: 'operator:menu.templates',
    icon: IconTemplate,
    to: () => paths.templates.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'immunizations',
    label: 'operator:menu.immunizations',
    icon: IconVaccine,
    to: () => paths.immunizations.to(),
    access: { role: 'kvsupport' },
  },
  {
    kind: 'link',
    id: 'demoRequests',
    label: 'operator:menu.demoRequests',
    icon: IconPresentation,
    to: () => paths.demoRequests.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'centersPlans',
    label: 'operator:menu.centersPlans',
    icon: IconReceipt2,
    to: () => paths.centersPlans.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'centersInvoices',
    label: 'operator:menu.centersInvoices',
    icon: IconFileInvoice,
    to: () => paths.centersInvoices.to(),
    access: { role: 'admin' },
  },
  {
    kind: 'link',
    id: 'centersPayments',
    label: 'operator:menu.centersPayments',
    icon: IconCash,
    to: () => paths.centersPayments.to(),
    access: { role: 'admin' },
  },
];
