import { Stack, Text, Title } from '@mantine/core';
import { useId, type CSSProperties, type ReactNode } from 'react';
import type { components } from '../../api/schema.gen';
import { CallToAction } from './CallToAction';
import { Carousel } from './Carousel';
import { ContentCard } from './ContentCard';
import classes from './ContentRows.module.css';
import { firstCarousel, orderedRows, photoSizes } from '../../domain/pageContent';

type Page = components['schemas']['Page'];
type PageColumn = components['schemas']['PageColumn'];
type ContentBlock = components['schemas']['ContentBlock'];

function columnSpans({ sizes }: PageColumn): CSSProperties {
  return {
    '--column-xs': sizes.xs,
    '--column-sm': sizes.sm,
    '--column-md': sizes.md,
    '--column-lg': sizes.lg,
  } as CSSProperties;
}

/** A block's heading, when it has one, names its section, so that the section is a landmark of its own. */
function Section({ header, content = [], children }: { header?: string; content?: string[]; children?: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={header ? headingId : undefined}>
      {header && (
        <Title order={2} size="h3" id={headingId}>
          {header}
        </Title>
      )}
      {content.map((paragraph, index) => (
        <Text key={index}>{paragraph}</Text>
      ))}
      {children}
    </Stack>
  );
}

function Block({ block, column, isFirstCarousel }: { block: ContentBlock; column: PageColumn; isFirstCarousel: boolean }) {
  switch (block.contentBlockType) {
    case 0:
      return <Section {...block.contentBlockData} />;
    case 1:
    case 2: {
      const { header, content, ctaText, ctaLink } = block.contentBlockData;
      return (
        <Section header={header} content={content}>
          <CallToAction link={ctaLink} text={ctaText} />
        </Section>
      );
    }
    case 3:
      return <Carousel slides={block.contentBlockData.slides} sizes={photoSizes(column.sizes)} priority={isFirstCarousel} />;
    case 4:
      return <ContentCard card={block.contentBlockData} />;
  }
}

/**
 * A page's rows in order of their row number, each a 12-column grid whose columns (in their order) span what
 * their sizes say at each of SPEC's breakpoints.
 */
export function ContentRows({ page }: { page: Page }) {
  const rows = orderedRows(page);
  const pageFirstCarousel = firstCarousel(page);
  return (
    <Stack gap="xl">
      {rows.map((row) => (
        <div key={row.row} className={classes.row}>
          {row.columns.map((column) => (
            <div key={column.order} className={classes.column} style={columnSpans(column)}>
              {column.contentBlocks.map((block, index) => (
                <Block key={index} block={block} column={column} isFirstCarousel={block === pageFirstCarousel} />
              ))}
            </div>
          ))}
        </div>
      ))}
    </Stack>
  );
}
