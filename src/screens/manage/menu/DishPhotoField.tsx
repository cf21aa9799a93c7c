import { Button, Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { components } from '../../../api/schema.gen';
import { PHOTO_MAX_ALT } from '../../../domain/photoUploadLimits';
import { PhotoUpload } from '../PhotoUpload';

type Photo = components['schemas']['Photo'];

/**
 * A dish's photo in the menu editor (docs/back-office.md, "Photos"): the owner picks a file (a phone offers its camera
 * roll) with what it shows; the server checks and sizes it, and the photo becomes part of the draft, published with it.
 */
export function DishPhotoField({
  dish,
  photo,
  onChange,
  legend = 'Photo',
  withoutPhoto = 'No photo: the dish shows its text across the card.',
}: {
  /** What the photo is of, as the remove button names it. */
  dish: string;
  photo: Photo | undefined;
  onChange(photo: Photo | undefined): void;
  legend?: string;
  /** What there is without a photo. */
  withoutPhoto?: string;
}) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="sm">
        {photo ? (
          <Group align="flex-start">
            <Image src={`/media/${photo.mediaId}-${photo.widths[0]}.webp`} alt={photo.alt} w={96} h={96} fit="cover" radius="sm" />
            <Stack gap="xs">
              <TextInput
                label="What the photo shows"
                value={photo.alt}
                maxLength={PHOTO_MAX_ALT}
                error={photo.alt.trim() ? undefined : 'Say what the photo shows'}
                onChange={(event) => onChange({ ...photo, alt: event.currentTarget.value })}
              />
              <Button variant="default" onClick={() => onChange(undefined)} aria-label={`Remove photo of ${dish}`}>
                Remove photo
              </Button>
            </Stack>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {withoutPhoto}
          </Text>
        )}
        <PhotoUpload chooseLabel={photo ? 'Replace the photo' : 'Choose a photo'} replacing={photo !== undefined} onUploaded={onChange} />
      </Stack>
    </Fieldset>
  );
}
