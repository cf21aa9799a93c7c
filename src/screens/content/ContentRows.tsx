import { Stack, Text, Title } from '@mantine/core';
import type { components } from '../../api/schema.gen';

type Page = components['schemas']['Page'];
type ContentBlock = components['schemas']['ContentBlock'];

function byNumber<T>(key: (item: T) => number) {
  return (first: T, second: T) => key(first) - key(second);
}

/** Content blocks of type 0 (a heading and paragraphs); the richer block types are drawn by the gallery's renderer. */
function TextBlock({ block }: { block: ContentBlock }) {
  if (block.contentBlockType !== 0) return null;
  const { header, content } = block.contentBlockData;
  return (
    <section>
      {header && (
        <Title order={2} size="h3" mb="xs">
          {header}
        </Title>
      )}
      {content.map((paragraph, index) => (
        <Text key={index} mb="sm">
          {paragraph}
        </Text>
      ))}
    </section>
  );
}

export function ContentRows({ page }: { page: Page }) {
  return (
    <Stack gap="lg">
      {[...page.rows].sort(byNumber((row) => row.row)).map((row) => (
        <Stack key={row.row} gap="md">
          {[...row.columns].sort(byNumber((column) => column.order)).map((column) => (
            <div key={column.order}>
              {column.contentBlocks.map((block, index) => (
                <TextBlock key={index} block={block} />
              ))}
            </div>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
