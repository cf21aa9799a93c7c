// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import type { RequestSender } from '../../machines/request/requestMachine';
import { toApiError, type ApiResult } from '../../src/domain/apiErrors';
import type { FieldErrors } from '../../src/domain/fieldMessages';
import { useRequestForm } from '../../src/components/forms/useRequestForm';

type Field = 'name' | 'phone';
type Draft = Record<Field, string>;
type Answer = { ref: string };

const SUBJECTS = { name: 'Name', phone: 'Phone number' } as const;
const submitted = { preventDefault() {} } as FormEvent<HTMLFormElement>;

/** The browser's check in these tests: only an empty name is refused. */
function validate(draft: Draft): FieldErrors<Field> {
  return draft.name.trim() === '' ? { name: 'Name must not be empty' } : {};
}

function renderForm() {
  const sent: Array<{ request: Draft; answer(result: ApiResult<Answer>): Promise<void> }> = [];
  const sender: RequestSender<Draft, Answer> = (request) =>
    new Promise((resolve) => {
      sent.push({
        request,
        answer: async (result) => {
          resolve(result);
          await new Promise((settled) => setTimeout(settled, 0));
        },
      });
    });
  const hook = renderHook(() => useRequestForm<Field, Draft, Answer>({ initialDraft: { name: '', phone: '' }, subjects: SUBJECTS, validate, requestOf: (draft) => draft, sender }), {
    reactStrictMode: true,
  });
  return { ...hook, sent };
}

function type(result: { current: ReturnType<typeof useRequestForm<Field, Draft, Answer>> }, field: Field, value: string) {
  act(() => result.current.change(field, value));
}

describe('useRequestForm: a form that sends one request and never loses what was typed', () => {
  it('refuses in the browser without sending, keeping every field', () => {
    const { result, sent } = renderForm();
    type(result, 'name', '   ');
    type(result, 'phone', '07700 900123');
    act(() => result.current.submit(submitted));
    expect(sent).toHaveLength(0);
    expect(result.current.errors).toEqual({ name: 'Name must not be empty' });
    expect(result.current.draft).toEqual({ name: '   ', phone: '07700 900123' });
  });

  it('shows the server’s validation failures by their fields, keeping every field', async () => {
    const { result, sent } = renderForm();
    type(result, 'name', 'Mei');
    type(result, 'phone', '12345');
    act(() => result.current.submit(submitted));
    expect(result.current.busy).toBe(true);
    expect(sent.map((call) => call.request)).toEqual([{ name: 'Mei', phone: '12345' }]);

    await act(() => sent[0].answer({ ok: false, aborted: false, error: toApiError(400, { errorMessage: null, validationErrors: [{ field: 'phone', message: 'must be a UK phone number' }] }) }));
    expect(result.current.errors).toEqual({ phone: 'Phone number must be a UK phone number' });
    expect(result.current.refusal).toBeUndefined();
    expect(result.current.draft).toEqual({ name: 'Mei', phone: '12345' });
    expect(result.current.sent).toBeNull();
  });

  it('says what went wrong when no field can show it, keeping every field', async () => {
    const { result, sent } = renderForm();
    type(result, 'name', 'Mei');
    act(() => result.current.submit(submitted));
    await act(() => sent[0].answer({ ok: false, aborted: false, error: toApiError(501, { errorMessage: 'createBookingRequest is not available yet', validationErrors: [] }) }));
    expect(result.current.refusal).toEqual({ message: 'Unexpected server error 501', unplaced: [] });
    expect(result.current.errors).toEqual({});
    expect(result.current.draft.name).toBe('Mei');

    act(() => result.current.submit(submitted));
    await act(() => sent[1].answer({ ok: false, aborted: false, error: toApiError(400, { errorMessage: null, validationErrors: [{ field: 'body', message: 'must be valid JSON' }] }) }));
    expect(result.current.refusal).toEqual({ message: null, unplaced: ['body: must be valid JSON'] });
  });

  it('clears the last refusal once a corrected request is on its way, and holds the answer once stored', async () => {
    const { result, sent } = renderForm();
    act(() => result.current.submit(submitted));
    expect(result.current.errors).toEqual({ name: 'Name must not be empty' });

    type(result, 'name', 'Mei');
    act(() => result.current.submit(submitted));
    expect(result.current.errors).toEqual({});
    await act(() => sent[0].answer({ ok: true, data: { ref: 'B-7KX3QM' } }));
    expect(result.current.sent).toEqual({ ref: 'B-7KX3QM' });
    expect(result.current.draft).toEqual({ name: 'Mei', phone: '' });
  });
});
