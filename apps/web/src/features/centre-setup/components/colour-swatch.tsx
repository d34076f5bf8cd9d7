import { ColorSwatch, Group, Text } from '@mantine/core';

/** A colour as a swatch with its hex code (the code is what screen readers read). */
export function ColourSwatch({ colour }: { colour: string | null | undefined }) {
  if (!colour) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={colour} size={16} aria-hidden />
      <Text size="sm" ff="monospace">
        {colour}
      </Text>
    </Group>
  );
}
