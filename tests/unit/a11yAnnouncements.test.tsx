// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactMessages, validateContact, type ContactDetails, type FieldErrors } from '../../machines/basket/basketForms';
import { announce, ANNOUNCER_ELEMENT_ID, URGENT_ANNOUNCER_ELEMENT_ID } from '../../src/components/a11y/announcer';
import { LiveAnnouncer } from '../../src/components/a11y/LiveAnnouncer';
import { arriveAtNewPage } from '../../src/components/a11y/newPage';
import { useAnnounceRefusals } from '../../src/components/a11y/useAnnounceRefusals';
import { useAnnounceTotal } from '../../src/components/a11y/useAnnounceTotal';
import { CONTACT_LABELS, ContactInputs } from '../../src/components/ContactInputs';

const politeRegion = () => document.getElementById(ANNOUNCER_ELEMENT_ID)!;
const urgentRegion = () => document.getElementById(URGENT_ANNOUNCER_ELEMENT_ID)!;

beforeAll(() => {
  // Mantine asks for the colour scheme; jsdom has no matchMedia.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The contact form as the basket statechart runs it: its check on submit, and (`serverRefusal`) the server's answer after. */
function ContactForm({ serverRefusal }: { serverRefusal: { current?: (errors: FieldErrors) => void } }) {
  const [details, setDetails] = useState<ContactDetails>({ name: '', phone: '', email: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  serverRefusal.current = setFieldErrors;
  const formRef = useAnnounceRefusals(fieldErrors, CONTACT_LABELS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors(validateContact(details));
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <ContactInputs values={details} errors={fieldErrors} onChange={(field, value) => setDetails({ ...details, [field]: value })} />
      <button type="submit">Continue</button>
    </form>
  );
}

function renderContactForm() {
  const serverRefusal: { current?: (errors: FieldErrors) => void } = {};
  render(
    <MantineProvider>
      <ContactForm serverRefusal={serverRefusal} />
      <LiveAnnouncer />
    </MantineProvider>,
  );
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return { field, submit, refuseFromServer: (errors: FieldErrors) => act(() => serverRefusal.current!(errors)) };
}

describe('the live regions', () => {
  it('say a polite message and an urgent one each in its own region', async () => {
    render(<LiveAnnouncer />);
    announce('Golden Dragon | Your basket');
    announce('Postcode: Enter your postcode', { urgency: 'assertive' });
    await vi.advanceTimersByTimeAsync(100);
    expect(politeRegion().getAttribute('aria-live')).toBe('polite');
    expect(politeRegion().textContent).toBe('Golden Dragon | Your basket');
    expect(urgentRegion().getAttribute('aria-live')).toBe('assertive');
    expect(urgentRegion().textContent).toBe('Postcode: Enter your postcode');
  });
});

describe('a refused field', () => {
  it('is gone from its region once the customer reaches the next page, whose title is said', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    render(<LiveAnnouncer />);
    announce('Postcode: Enter your postcode', { urgency: 'assertive' });
    await vi.advanceTimersByTimeAsync(100);
    arriveAtNewPage('Golden Dragon | Enter your contact details');
    await vi.advanceTimersByTimeAsync(100);
    expect(urgentRegion().textContent).toBe('');
    expect(politeRegion().textContent).toBe('Golden Dragon | Enter your contact details');
  });

  it('is said field by field at once after a submit, and focus moves to the first refused field, which keeps what was typed', async () => {
    const { field, submit } = renderContactForm();
    fireEvent.change(field('Phone number'), { target: { value: '12345' } });
    submit();
    await vi.advanceTimersByTimeAsync(100);

    expect(urgentRegion().textContent).toBe(
      `Name: ${contactMessages.nameMissing}. Phone number: ${contactMessages.phoneInvalid}. Email: ${contactMessages.emailMissing}`,
    );
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Phone number')).toHaveProperty('value', '12345');
    // The message beside the field stays.
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(politeRegion().textContent).toBe('');
  });

  it('is said again when the same refusal follows a second submit, and only what is still refused', async () => {
    const { field, submit } = renderContactForm();
    submit();
    await vi.advanceTimersByTimeAsync(100);
    fireEvent.change(field('Name'), { target: { value: 'Alex Guest' } });
    fireEvent.change(field('Email'), { target: { value: 'alex.guest@example.com' } });
    submit();
    expect(urgentRegion().textContent).toBe('');
    await vi.advanceTimersByTimeAsync(100);

    expect(urgentRegion().textContent).toBe(`Phone number: ${contactMessages.phoneMissing}`);
    expect(document.activeElement).toBe(field('Phone number'));
  });

  it("is said when the server's refusal arrives after an accepted submit", async () => {
    const { field, submit, refuseFromServer } = renderContactForm();
    fireEvent.change(field('Name'), { target: { value: 'Alex Guest' } });
    fireEvent.change(field('Phone number'), { target: { value: '07700 900123' } });
    fireEvent.change(field('Email'), { target: { value: 'alex.guest@example.com' } });
    submit();
    await vi.advanceTimersByTimeAsync(100);
    expect(urgentRegion().textContent).toBe('');

    refuseFromServer({ email: 'We cannot send to this address' });
    await vi.advanceTimersByTimeAsync(100);
    expect(urgentRegion().textContent).toBe('Email: We cannot send to this address');
    expect(document.activeElement).toBe(field('Email'));
  });

  it('is not said, nor focus moved, when the messages change without a submit', async () => {
    const { field, refuseFromServer } = renderContactForm();
    refuseFromServer({ name: contactMessages.nameMissing });
    await vi.advanceTimersByTimeAsync(100);
    expect(urgentRegion().textContent).toBe('');
    expect(document.activeElement).not.toBe(field('Name'));
  });
});

describe('a changed basket total', () => {
  function renderTotal(total: number | undefined) {
    render(<LiveAnnouncer />);
    return renderHook(({ shown }: { shown: number | undefined }) => useAnnounceTotal(shown), { initialProps: { shown: total }, reactStrictMode: true });
  }

  it('is said politely once per change, not for the first figure', async () => {
    const { rerender } = renderTotal(15.2);
    await vi.advanceTimersByTimeAsync(100);
    expect(politeRegion().textContent).toBe('');

    rerender({ shown: 23.4 });
    await vi.advanceTimersByTimeAsync(100);
    expect(politeRegion().textContent).toBe('Basket total £23.40');

    politeRegion().textContent = '';
    rerender({ shown: 23.4 });
    await vi.advanceTimersByTimeAsync(100);
    expect(politeRegion().textContent).toBe('');
    expect(urgentRegion().textContent).toBe('');
  });

  it('is not said when the server prices the basket for the first time', async () => {
    const { rerender } = renderTotal(undefined);
    rerender({ shown: 12.5 });
    await vi.advanceTimersByTimeAsync(100);
    expect(politeRegion().textContent).toBe('');
  });
});
