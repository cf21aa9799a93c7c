import { Button, Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { callApi } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { PHOTO_MAX_ALT } from '../../../domain/photoSizes';

type Photo = components['schemas']['Photo'];

function asForm(fields: { file: unknown; alt: string }): FormData {
  const form = new FormData();
  form.append('alt', fields.alt);
  form.append('file', fields.file as File);
  return form;
}

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
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(photo?.alt ?? '');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [uploading, setUploading] = useState(false);

  async function upload() {
    const fieldErrors = { ...(file ? {} : { file: 'Choose a photo' }), ...(alt.trim() ? {} : { alt: 'Say what the photo shows' }) };
    setErrors(fieldErrors);
    if (!file || !alt.trim()) return;
    setUploading(true);
    const answer = await callApi(api.POST('/manage/photos', { body: { file, alt }, bodySerializer: asForm }));
    setUploading(false);
    if (answer.ok) {
      onChange(answer.data);
      setFile(null);
      return;
    }
    if (answer.aborted) return;
    const at = (field: string) => answer.error.validationErrors.find((failure) => failure.field === field);
    const fileFailure = at('file');
    const altFailure = at('alt');
    setErrors({
      ...(fileFailure ? { file: `The photo ${fileFailure.message}` } : {}),
      ...(altFailure ? { alt: `The description ${altFailure.message}` } : {}),
      ...(fileFailure || altFailure ? {} : { form: answer.error.message ?? 'The photo could not be uploaded' }),
    });
  }

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
              <Button variant="default" onClick={() => onChange(undefined)} aria-label={`Remove the photo of ${dish}`}>
                Remove photo
              </Button>
            </Stack>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {withoutPhoto}
          </Text>
        )}
        <div>
          <label htmlFor={fileInputId}>
            <Text size="sm" fw={500} component="span">
              {photo ? 'Replace the photo' : 'Choose a photo'}
            </Text>
          </label>
          <input id={fileInputId} type="file" accept="image/*" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} aria-invalid={errors.file ? true : undefined} aria-describedby={errors.file ? `${fileInputId}-error` : undefined} style={{ display: 'block' }} />
          {errors.file && (
            <Text id={`${fileInputId}-error`} c="red" size="sm">
              {errors.file}
            </Text>
          )}
        </div>
        {(file || !photo) && (
          <TextInput label="What the new photo shows" description="For customers who cannot see it" value={alt} maxLength={PHOTO_MAX_ALT} error={errors.alt} onChange={(event) => setAlt(event.currentTarget.value)} />
        )}
        {errors.form && <Text c="red" size="sm">{errors.form}</Text>}
        <Group>
          <Button onClick={upload} loading={uploading} disabled={!file}>
            Upload photo
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
