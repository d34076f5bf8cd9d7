import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { BREAKPOINTS, DEFAULT_THEME_MODE, THEME_COLOURS, THEME_MODES, isHexColour, textColourFor, type ThemeMode } from '@kv/shared';
import { readString, writeString } from './local-store';
import { STORAGE_KEYS } from './storage-keys';

export const LIGHT_TEXT = '#FFFFFF';

function expandHex(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(rgb: readonly number[], target: number, amount: number): string {
  return toHex(rgb.map((v) => v + (target - v) * amount));
}

/** Ten shades around a base colour, the base at index 6 (Mantine's default primary shade). */
export function paletteFrom(hex: string): MantineColorsTuple {
  const rgb = expandHex(hex);
  const tints = [0.9, 0.78, 0.64, 0.5, 0.34, 0.17].map((a) => mix(rgb, 255, a));
  const shades = [0.14, 0.28, 0.42].map((a) => mix(rgb, 0, a));
  return [...tints, toHex(rgb), ...shades] as unknown as MantineColorsTuple;
}

const DARK_PALETTE: MantineColorsTuple = [
  '#d0d2d6',
  '#b4b7bd',
  '#a0a3aa',
  '#676b73',
  '#4a4d55',
  '#3b3e45',
  '#2c2e33',
  THEME_COLOURS.dark,
  '#181818',
  '#121212',
];

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = expandHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on a background by the spec's rule (YIQ threshold 128). */
export function textOn(background: string): string {
  return textColourFor(background) === 'dark' ? THEME_COLOURS.dark : LIGHT_TEXT;
}

const AA = 4.5;

/**
 * The fill for filled surfaces: the base colour when its spec text colour is readable (4.5:1),
 * else the nearest shade that is. #7367F0 with white text is 4.3:1, so buttons use a shade darker.
 */
export function accessibleFill(palette: readonly string[]): string {
  for (const index of [6, 7, 8, 5, 9, 4]) {
    const bg = palette[index]!;
    if (contrastRatio(bg, textOn(bg)) >= AA) return bg;
  }
  return palette[9]!;
}

/** The shade of a colour to use as text on a surface (walks darker on light surfaces, lighter on dark). */
export function accessibleText(palette: readonly string[], surface: string): string {
  const order = relativeLuminance(surface) > 0.5 ? [6, 7, 8, 9] : [6, 5, 4, 3, 2, 1, 0];
  for (const index of order) if (contrastRatio(palette[index]!, surface) >= AA) return palette[index]!;
  return palette[order[order.length - 1]!]!;
}

function hexOfColour(colour: string, theme: Parameters<VariantColorsResolver>[0]['theme']): string | null {
  if (isHexColour(colour)) return colour;
  const [name, shade] = colour.split('.');
  const palette = name ? theme.colors[name] : undefined;
  if (!palette) return null;
  return shade ? (palette[Number(shade)] ?? null) : accessibleFill(palette);
}

/** Text on filled surfaces follows the spec's contrast rule (YIQ threshold 128). */
const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return base;
  const hex = hexOfColour(input.color ?? input.theme.primaryColor, input.theme);
  if (!hex) return base;
  return { ...base, color: textOn(hex) };
};

const BRAND_COLOURS = ['primary', 'success', 'danger', 'warning'] as const;
const LIGHT_SURFACE = '#f1f3f5';
const DARK_SURFACE = '#2c2e33';

/** Readable brand colours in both schemes (fills, light variants, links) and a darker "dimmed" grey. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  // Mantine's greys (gray.6 text on white is 3.3:1) are darkened to reach 4.5:1.
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-gray-light-color': '#495057',
    '--mantine-color-gray-text': '#495057',
    '--mantine-color-gray-outline': '#5c636a',
  };
  const dark: Record<string, string> = { '--mantine-color-dimmed': '#a0a3aa' };
  for (const name of BRAND_COLOURS) {
    const palette = theme.colors[name];
    if (!palette) continue;
    const fill = accessibleFill(palette);
    const fillIndex = palette.indexOf(fill);
    const hover = palette[Math.min(9, fillIndex + 1)]!;
    const textLight = accessibleText(palette, LIGHT_SURFACE);
    const textDark = accessibleText(palette, DARK_SURFACE);
    for (const [scheme, text] of [
      [light, textLight],
      [dark, textDark],
    ] as const) {
      scheme[`--mantine-color-${name}-filled`] = fill;
      scheme[`--mantine-color-${name}-filled-hover`] = hover;
      scheme[`--mantine-color-${name}-light-color`] = text;
      scheme[`--mantine-color-${name}-text`] = text;
      scheme[`--mantine-color-${name}-outline`] = text;
    }
  }
  const primary = theme.colors.primary;
  if (primary) {
    light['--mantine-color-anchor'] = accessibleText(primary, '#ffffff');
    dark['--mantine-color-anchor'] = accessibleText(primary, THEME_COLOURS.dark);
  }
  return { variables: {}, light, dark };
};

const em = (px: number) => `${px / 16}em`;

export function buildTheme(primary: string): MantineThemeOverride {
  const primaryHex = isHexColour(primary) ? primary : THEME_COLOURS.primary;
  return createTheme({
    primaryColor: 'primary',
    primaryShade: 6,
    colors: {
      primary: paletteFrom(primaryHex),
      success: paletteFrom(THEME_COLOURS.success),
      danger: paletteFrom(THEME_COLOURS.danger),
      warning: paletteFrom(THEME_COLOURS.warning),
      dark: DARK_PALETTE,
    },
    breakpoints: { xs: em(BREAKPOINTS.xs), sm: em(BREAKPOINTS.sm), md: em(BREAKPOINTS.md), lg: em(BREAKPOINTS.lg), xl: em(BREAKPOINTS.xl) },
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    defaultRadius: 'md',
    cursorType: 'pointer',
    variantColorResolver,
  });
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export function readStoredThemeMode(): ThemeMode | null {
  const value = readString(STORAGE_KEYS.themeMode);
  return isThemeMode(value) ? value : null;
}

export function storeThemeMode(mode: ThemeMode): void {
  writeString(STORAGE_KEYS.themeMode, mode);
}

export function readStoredThemeColour(): string | null {
  const value = readString(STORAGE_KEYS.themeColour);
  return value && isHexColour(value) ? value : null;
}

export function storeThemeColour(colour: string): void {
  if (isHexColour(colour)) writeString(STORAGE_KEYS.themeColour, colour);
}

/** The local choice wins, then the centre's setting, then the spec's default (semi-dark). */
export function resolveThemeMode(stored: ThemeMode | null, centre: string | null | undefined): ThemeMode {
  return stored ?? (isThemeMode(centre) ? centre : DEFAULT_THEME_MODE);
}

export function resolveThemeColour(stored: string | null, centre: string | null | undefined): string {
  if (stored) return stored;
  return centre && isHexColour(centre) ? centre : THEME_COLOURS.primary;
}

/** Mantine knows two schemes; semi-dark is light content with a dark sidebar. */
export function colourSchemeOf(mode: ThemeMode): 'light' | 'dark' {
  return mode === 'dark' ? 'dark' : 'light';
}
