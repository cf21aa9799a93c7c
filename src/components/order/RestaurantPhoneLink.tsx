import { Anchor } from '@mantine/core';

/** A phone number as typed (spaces, brackets) as a link that dials it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The restaurant's phone number as a link that dials it; underlined, as it sits in running text where colour alone would not tell it apart. */
export function RestaurantPhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={telHref(phone)} underline="always">
      {phone}
    </Anchor>
  );
}
