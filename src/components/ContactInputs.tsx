import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';

export type ContactField = 'name' | 'phone' | 'email';

/** The fields' labels, also the words a refused field is announced by (useAnnounceRefusals). */
export const CONTACT_LABELS: Record<ContactField, string> = { name: 'Name', phone: 'Phone number', email: 'Email' };

interface ContactInputsProps {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField, string | undefined>>;
  onChange(field: ContactField, value: string): void;
}

/** Name, phone and email as every form of the site asks for them: same labels, autofill hints and keyboards. */
export function ContactInputs({ values, errors, onChange }: ContactInputsProps) {
  return (
    <>
      <TextInput label={CONTACT_LABELS.name} autoComplete="name" required value={values.name} error={errors.name} onChange={(event) => onChange('name', event.currentTarget.value)} />
      <TextInput
        label={CONTACT_LABELS.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        value={values.phone}
        error={errors.phone}
        onChange={(event) => onChange('phone', event.currentTarget.value)}
      />
      <TextInput
        label={CONTACT_LABELS.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.currentTarget.value)}
      />
    </>
  );
}
