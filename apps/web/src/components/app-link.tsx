import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An in-app link styled as a Mantine anchor. */
export function AppLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
