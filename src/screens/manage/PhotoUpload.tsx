import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { focusFirstRefusedField } from '../../components/a11y/useAnnounceRefusals';
import { PHOTO_MAX_ALT, PHOTO_MAX_MEGABYTES, PHOTO_TOO_LARGE_MESSAGE, PHOTO_UPLOAD_LIMITS_TEXT, PHOTO_UPLOAD_TYPES } from '../../domain/photoUploadLimits';

type Photo = components['schemas']['Photo'];

function asForm(fields: { file: unknown; alt: string }): FormData {
  const form = new FormData();
  form.append('alt', fields.alt);
  form.append('file', fields.file as File);
  return form;
}

/**
 * Uploading a photo in the back office (docs/back-office.md, "Photos"): the owner picks a file (a phone offers its camera
 * roll) and says what it shows; the server checks and sizes it, and `onUploaded` gets the photo. A refusal is shown at
 * its field, and what was chosen and typed stays.
 */
export function PhotoUpload({ chooseLabel, replacing, onUploaded }: { chooseLabel: string; replacing: boolean; onUploaded(photo: Photo): void }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [uploading, setUploading] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  // A new errors object is a new refusal: its first field takes the focus, so its message is read out at once.
  useEffect(() => focusFirstRefusedField(fields.current), [errors]);

  async function upload() {
    // Refused before it is sent: a phone's full-size photo is megabytes of data the owner would wait for in vain.
    const fileRefusal = !file ? 'Choose a photo' : file.size > PHOTO_MAX_MEGABYTES * 1024 * 1024 ? `The photo ${PHOTO_TOO_LARGE_MESSAGE}` : undefined;
    const fieldErrors = { ...(fileRefusal ? { file: fileRefusal } : {}), ...(alt.trim() ? {} : { alt: 'Say what the photo shows' }) };
    setErrors(fieldErrors);
    if (!file || fileRefusal || !alt.trim()) return;
    setUploading(true);
    const answer = await callApi(api.POST('/manage/photos', { body: { file, alt }, bodySerializer: asForm }));
    setUploading(false);
    if (answer.ok) {
      onUploaded(answer.data);
      setFile(null);
      setAlt('');
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
    <Stack gap="sm" ref={fields}>
      <div>
        <label htmlFor={fileInputId}>
          <Text size="sm" fw={500} component="span">
            {chooseLabel}
          </Text>
        </label>
        <Text id={`${fileInputId}-limits`} size="xs" c="dimmed">
          {PHOTO_UPLOAD_LIMITS_TEXT}
        </Text>
        {/* The types named, not image/*: an iPhone then sends its HEIC photos as JPEG. */}
        <input
          id={fileInputId}
          type="file"
          accept={PHOTO_UPLOAD_TYPES.join(',')}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileInputId}-limits ${fileInputId}-error` : `${fileInputId}-limits`}
          style={{ display: 'block' }}
        />
        {errors.file && (
          <Text id={`${fileInputId}-error`} c="red" size="sm">
            {errors.file}
          </Text>
        )}
      </div>
      {(file || !replacing) && (
        <TextInput label="What the new photo shows" description="For customers who cannot see it" value={alt} maxLength={PHOTO_MAX_ALT} error={errors.alt} onChange={(event) => setAlt(event.currentTarget.value)} />
      )}
      {errors.form && (
        <Text c="red" size="sm">
          {errors.form}
        </Text>
      )}
      <Group>
        <Button onClick={upload} loading={uploading} disabled={!file}>
          Upload photo
        </Button>
      </Group>
    </Stack>
  );
}
