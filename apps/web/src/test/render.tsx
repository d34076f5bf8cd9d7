import './dom';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { buildTheme, cssVariablesResolver } from '../lib/theme';
import { THEME_COLOURS } from '@kv/shared';

/** Renders inside the app's theme and translations. */
export function renderWithProviders(ui: ReactElement, i18n: I18n): RenderResult {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={buildTheme(THEME_COLOURS.primary)} cssVariablesResolver={cssVariablesResolver}>
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  );
}
