import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import classes from './quick-link-grid.module.css';

export interface QuickLink {
  id: string;
  label: string;
  to: string;
  icon: Icon;
}

/** Large tappable shortcuts to the screens a role uses most. */
export function QuickLinkGrid({ links, title }: { links: readonly QuickLink[]; title: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Card withBorder radius="md" padding="lg">
      <Text component="h2" fw={600} size="lg" mb="md">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {links.map(({ id, label, to, icon: Icon }) => (
          <UnstyledButton key={id} component={Link} to={to} className={classes.tile} data-testid={`quick-${id}`}>
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
            <Text size="sm" fw={500} ta="center">
              {t(label)}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
}
