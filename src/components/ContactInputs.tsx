import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import { useTypedBeforeHydrationRef } from './useTypedBeforeHydration';

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
  // Typed on the server's page before the app hydrated it: kept (useTypedBeforeHydration).
  const nameField = useTypedBeforeHydrationRef<HTMLInputElement>(values.name, (typed) => onChange('name', typed));
  const phoneField = useTypedBeforeHydrationRef<HTMLInputElement>(values.phone, (typed) => onChange('phone', typed));
  const emailField = useTypedBeforeHydrationRef<HTMLInputElement>(values.email, (typed) => onChange('email', typed));
  return (
    <>
      <TextInput
        ref={nameField}
        label={CONTACT_LABELS.name}
        autoComplete="name"
        required
        value={values.name}
        error={errors.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
      />
      <TextInput
        ref={phoneField}
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
        ref={emailField}
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
