// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { validateConfirmation, validateEmail } from '../../src/screens/account/authForms';
import { useCheckedForm } from '../../src/screens/account/useCheckedForm';

const submitted = { preventDefault() {} } as FormEvent<HTMLFormElement>;

function renderConfirmationForm() {
  return renderHook(() => useCheckedForm({ email: '', code: '' }, validateConfirmation), { reactStrictMode: true });
}

describe('useCheckedForm: an auth form that checks beside each field and never loses what was typed', () => {
  it('refuses without handing the draft on, keeping every field', () => {
    const { result } = renderConfirmationForm();
    const onValid = vi.fn();
    act(() => result.current.change('email', 'mei@example.com'));
    act(() => result.current.submit(onValid)(submitted));
    expect(onValid).not.toHaveBeenCalled();
    expect(Object.keys(result.current.errors)).toEqual(['code']);
    expect(result.current.draft).toEqual({ email: 'mei@example.com', code: '' });
  });

  it('hands a valid draft on and clears the messages', () => {
    const { result } = renderConfirmationForm();
    const onValid = vi.fn();
    act(() => result.current.submit(onValid)(submitted));
    act(() => result.current.change('email', 'mei@example.com'));
    act(() => result.current.change('code', '123456'));
    act(() => result.current.submit(onValid)(submitted));
    expect(onValid).toHaveBeenCalledExactlyOnceWith({ email: 'mei@example.com', code: '123456' });
    expect(result.current.errors).toEqual({});
  });

  it('lets an action beside the form check only the fields it needs (sending the code again needs the email alone)', () => {
    const { result } = renderConfirmationForm();
    const onValid = vi.fn();
    act(() => result.current.attempt(validateEmail, onValid));
    expect(onValid).not.toHaveBeenCalled();
    expect(Object.keys(result.current.errors)).toEqual(['email']);
    act(() => result.current.change('email', 'mei@example.com'));
    act(() => result.current.attempt(validateEmail, onValid));
    expect(onValid).toHaveBeenCalledExactlyOnceWith({ email: 'mei@example.com', code: '' });
  });
});
