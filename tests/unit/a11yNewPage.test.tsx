// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from '../../src/components/a11y/LiveAnnouncer';
import { arriveAtNewPage } from '../../src/components/a11y/newPage';
import { announce } from '../../src/components/a11y/announcer';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('arriving at a new page', () => {
  it('says the new page through the one polite live region and focuses its heading once drawn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'Date'] });
    render(<LiveAnnouncer />);
    document.body.insertAdjacentHTML('beforeend', '<main id="main-content" tabindex="-1"></main>');

    arriveAtNewPage('Golden Dragon | Add items to your order');
    await vi.advanceTimersByTimeAsync(200);
    document.getElementById('main-content')!.innerHTML = '<h1>Order online</h1>';
    await vi.advanceTimersByTimeAsync(50);

    const status = document.querySelector('[role="status"][aria-live="polite"]')!;
    expect(status.textContent).toBe('Golden Dragon | Add items to your order');
    const heading = document.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it('says the same message twice by emptying the region first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    render(<LiveAnnouncer />);
    const status = document.querySelector('[role="status"]')!;

    announce('Added Spring Rolls. Basket: 1 item, £4.50');
    await vi.advanceTimersByTimeAsync(100);
    announce('Added Spring Rolls. Basket: 1 item, £4.50');

    expect(status.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(100);
    expect(status.textContent).toBe('Added Spring Rolls. Basket: 1 item, £4.50');
  });
});
