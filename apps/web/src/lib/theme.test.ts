import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_MODE, THEME_COLOURS } from '@kv/shared';
import {
  accessibleFill,
  accessibleText,
  buildTheme,
  colourSchemeOf,
  contrastRatio,
  paletteFrom,
  resolveThemeColour,
  resolveThemeMode,
  textOn,
} from './theme';

describe('theme', () => {
  it('builds a palette around the spec colour', () => {
    const palette = paletteFrom(THEME_COLOURS.primary);
    expect(palette).toHaveLength(10);
    expect(palette[6]!.toLowerCase()).toBe('#7367f0');
    expect(buildTheme(THEME_COLOURS.primary).colors?.primary?.[6]?.toLowerCase()).toBe('#7367f0');
  });

  it('falls back to the spec primary when the override is not a 3- or 6-digit hex', () => {
    expect(buildTheme('#12345').colors?.primary?.[6]?.toLowerCase()).toBe('#7367f0');
    expect(buildTheme('#0f0').colors?.primary?.[6]).toBe('#00ff00');
    expect(resolveThemeColour(null, 'red')).toBe(THEME_COLOURS.primary);
    expect(resolveThemeColour(null, '#ABC')).toBe('#ABC');
    expect(resolveThemeColour('#112233', '#ABC')).toBe('#112233');
  });

  it('picks light or dark text by the YIQ threshold of 128', () => {
    expect(textOn('#FFFFFF')).toBe(THEME_COLOURS.dark);
    expect(textOn(THEME_COLOURS.dark)).toBe('#FFFFFF');
    expect(textOn(THEME_COLOURS.warning)).toBe(THEME_COLOURS.dark);
  });

  it('keeps filled surfaces and coloured text readable (WCAG AA)', () => {
    for (const colour of Object.values(THEME_COLOURS)) {
      const palette = paletteFrom(colour);
      const fill = accessibleFill(palette);
      expect(contrastRatio(fill, textOn(fill)), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accessibleText(palette, '#f1f3f5'), '#f1f3f5'), colour).toBeGreaterThanOrEqual(4.5);
    }
    // The brand purple with white text is 4.3:1, so fills use the next shade.
    expect(contrastRatio(THEME_COLOURS.primary, '#FFFFFF')).toBeLessThan(4.5);
  });

  it('defaults to semi-dark, which is light content with a dark sidebar', () => {
    expect(resolveThemeMode(null, null)).toBe(DEFAULT_THEME_MODE);
    expect(DEFAULT_THEME_MODE).toBe('semi-dark');
    expect(resolveThemeMode(null, 'dark')).toBe('dark');
    expect(resolveThemeMode('light', 'dark')).toBe('light');
    expect(resolveThemeMode(null, 'purple')).toBe('semi-dark');
    expect(colourSchemeOf('semi-dark')).toBe('light');
    expect(colourSchemeOf('dark')).toBe('dark');
  });
});
