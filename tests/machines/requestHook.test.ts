// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestSender } from '../../machines/request/requestMachine';
import { useApiRequest } from '../../src/actors/useApiRequest';
import { createControlledSender } from './requestSender';

const refused = { status: 400, message: 'That voucher has expired', validationErrors: [] };

function renderRequestHook() {
  const controlled = createControlledSender();
  const hook = renderHook(({ sender }: { sender: RequestSender<string, string> }) => useApiRequest(sender), {
    initialProps: { sender: controlled.sender },
    reactStrictMode: true,
  });
  return { ...hook, calls: controlled.calls };
}

describe('useApiRequest: a screen calls through the request helper', () => {
  it('starts idle with nothing stored', () => {
    const { result } = renderRequestHook();
    expect(result.current).toMatchObject({ state: 'idle', busy: false, data: null, error: null });
  });

  it('shows sending, then the data of the response', async () => {
    const { result, calls } = renderRequestHook();
    act(() => result.current.send('GET menu 1'));
    expect(result.current).toMatchObject({ state: 'sending', busy: true });
    expect(calls.map((call) => call.request)).toEqual(['GET menu 1']);

    await act(() => calls[0].answer({ ok: true, data: 'the menu' }));
    expect(result.current).toMatchObject({ state: 'responseReceived', busy: false, data: 'the menu', error: null });
  });

  it('shows the error, and reset clears it', async () => {
    const { result, calls } = renderRequestHook();
    act(() => result.current.send('add voucher'));
    await act(() => calls[0].answer({ ok: false, aborted: false, error: refused }));
    expect(result.current).toMatchObject({ state: 'error', data: null, error: refused });

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ state: 'idle', data: null, error: null });
  });

  it('uses the newest sender after a re-render', async () => {
    const { result, calls, rerender } = renderRequestHook();
    const newer = createControlledSender();
    rerender({ sender: newer.sender });

    act(() => result.current.send('with the newer sender'));
    expect(calls).toHaveLength(0);
    expect(newer.calls.map((call) => call.request)).toEqual(['with the newer sender']);
  });

  it('unmounting while sending aborts the call and its late response is ignored', async () => {
    const { result, calls, unmount } = renderRequestHook();
    act(() => result.current.send('load account'));
    expect(calls[0].signal.aborted).toBe(false);
    unmount();

    expect(calls[0].signal.aborted).toBe(true);
    await calls[0].answer({ ok: true, data: 'too late' });
    expect(result.current).toMatchObject({ state: 'sending', data: null });
  });
});
