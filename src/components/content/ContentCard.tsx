import '@mantine/core/styles/Paper.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconShoppingBag, type Icon } from '@tabler/icons-react';
import type { components } from '../../api/schema.gen';
import { CALL_TO_ACTION_ICON_SIZE, CallToAction } from './CallToAction';

type ContentCardData = components['schemas']['ContentCardData'];

/** `ctaIcon` 0–3 (SPEC §2: "for example a phone"); a number outside these shows the button without an icon. */
const CALL_TO_ACTION_ICONS: readonly Icon[] = [IconPhone, IconMail, IconMapPin, IconShoppingBag];

export function ContentCard({ card }: { card: ContentCardData }) {
  const CtaIcon = CALL_TO_ACTION_ICONS[card.ctaIcon];
  return (
    <Paper component="article" withBorder shadow="xs" p="lg" h="100%">
      <Stack gap="xs" h="100%">
        <Title order={2} size="h3">
          {card.header}
        </Title>
        {card.header1 && (
          <Text fw={700} size="lg">
            {card.header1}
          </Text>
        )}
        {card.header2 && <Text fs="italic">{card.header2}</Text>}
        {card.content.map((paragraph, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
        {card.ctaText && card.ctaLink && (
          <Stack mt="auto" pt="xs">
            <CallToAction
              link={card.ctaLink}
              text={card.ctaText}
              icon={CtaIcon && <CtaIcon size={CALL_TO_ACTION_ICON_SIZE} aria-hidden="true" />}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
