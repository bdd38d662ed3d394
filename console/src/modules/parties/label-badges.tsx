import { Badge, ColorSwatch, Group as Row } from '@mantine/core';

/**
 * A party's labels: each name in readable text beside a swatch of its colour (the colour alone
 * could be too light or too dark for the text it would carry).
 */
export function LabelBadges({ labels }: { labels: ReadonlyArray<{ id: string; name: string; color: string }> }) {
  if (labels.length === 0) return null;
  return (
    <Row gap={4}>
      {labels.map((label) => (
        <Badge
          key={label.id}
          variant="outline"
          color="gray.7"
          c="dark.7"
          tt="none"
          radius="sm"
          leftSection={<ColorSwatch color={safeColor(label.color)} size={10} withShadow={false} aria-hidden="true" />}
        >
          {label.name}
        </Badge>
      ))}
    </Row>
  );
}

/** A label's colour as CSS: a hex colour as the API stores it, grey for anything else. */
export const safeColor = (color: string) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : '#868e96');
