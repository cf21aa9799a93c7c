// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TicketDetails } from '../../src/screens/kitchen/TicketDetails';
import { refusedOrder } from '../machines/kitchenServerAnswers';

// The kitchen ticket of a refused order marks the lines the kitchen named as unavailable, and only those.

beforeEach(() => {
  // jsdom has no matchMedia, which Mantine's provider asks.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  document.body.innerHTML = '';
});

const lines = () => within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');

describe('the ticket of a refused order', () => {
  it('marks each line refused as unavailable', () => {
    render(
      <MantineProvider>
        <TicketDetails ticket={{ ...refusedOrder, refusalReason: 'Item unavailable', unavailableLines: [1] }} now={new Date('2026-11-22T18:05:00.000Z')} />
      </MantineProvider>,
    );
    const [rolls, rice] = lines();
    expect(within(rice).getByText('Unavailable')).toBeTruthy();
    expect(within(rolls).queryByText('Unavailable')).toBeNull();
  });

  it('marks nothing when the kitchen named no line', () => {
    render(
      <MantineProvider>
        <TicketDetails ticket={refusedOrder} now={new Date('2026-11-22T18:05:00.000Z')} />
      </MantineProvider>,
    );
    expect(lines()).toHaveLength(2);
    expect(screen.queryByText('Unavailable')).toBeNull();
  });
});
