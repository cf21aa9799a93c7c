// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { Carousel } from '../../src/components/content/Carousel';
import { controlServedCarousels } from '../../src/components/content/carouselControl';

type CarouselSlide = components['schemas']['CarouselSlide'];

const slides = (count: number, name: string): CarouselSlide[] =>
  Array.from({ length: count }, (_, index) => ({ img: `/images/${name}-${index + 1}.webp`, alt: `${name} ${index + 1}`, width: 1600, height: 1067 }));

function Carousels({ photoSets }: { photoSets: CarouselSlide[][] }) {
  return (
    <MantineProvider>
      {photoSets.map((set, index) => (
        <Carousel key={index} slides={set} sizes="100vw" priority={index === 0} />
      ))}
    </MantineProvider>
  );
}

const regions = () => screen.getAllByRole('region', { name: 'Photos' });
const showing = (region: HTMLElement) => within(region).getByRole('img').getAttribute('alt');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // jsdom has no matchMedia: a visitor who has not asked for less motion.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the carousel without the app, and the app taking over', () => {
  it('moves the served carousels, and the app\'s take over each from the one in the same place', () => {
    const photoSets = [slides(3, 'Dining room'), slides(4, 'Kitchen')];
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Carousels photoSets={photoSets} />);
    document.body.append(root);
    controlServedCarousels(root);

    const [first, second] = regions();
    vi.advanceTimersByTime(7000);
    fireEvent.click(within(second).getByRole('button', { name: 'Show photo 3' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Pause the photos' }));
    expect([showing(first), showing(second)]).toEqual(['Dining room 2', 'Kitchen 3']);

    // The app's drawing replaces the served one, as main.tsx's first render does.
    root.remove();
    render(<Carousels photoSets={photoSets} />);
    const [appFirst, appSecond] = regions();
    expect([showing(appFirst), showing(appSecond)]).toEqual(['Dining room 2', 'Kitchen 3']);
    expect(within(appFirst).getByRole('button', { name: 'Play the photos' })).toBeTruthy();
    vi.advanceTimersByTime(7000);
    expect([showing(appFirst), showing(appSecond)]).toEqual(['Dining room 2', 'Kitchen 4']);
  });

  it('takes the arrow keys while in view, but not from a field being typed in', () => {
    render(
      <>
        <input aria-label="Search" />
        <Carousels photoSets={[slides(3, 'Dining room')]} />
      </>,
    );
    const [carousel] = regions();
    // jsdom lays nothing out: the carousel is given the box a browser would give it at the top of the page.
    carousel.getBoundingClientRect = () => new DOMRect(0, 0, 400, 267);
    act(() => void fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'ArrowRight' }));
    expect(showing(carousel)).toBe('Dining room 1');
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    expect(showing(carousel)).toBe('Dining room 2');
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight', ctrlKey: true }));
    expect(showing(carousel)).toBe('Dining room 2');
    // Scrolled out of view: the arrow keys are the page's again.
    carousel.getBoundingClientRect = () => new DOMRect(0, window.innerHeight + 100, 400, 267);
    act(() => void fireEvent.keyDown(document.body, { key: 'ArrowRight' }));
    expect(showing(carousel)).toBe('Dining room 2');
  });

  it('shows one photo still, with nothing to press', () => {
    render(<Carousels photoSets={[slides(1, 'Dining room')]} />);
    const [carousel] = regions();
    expect(within(carousel).queryAllByRole('button')).toEqual([]);
    vi.advanceTimersByTime(3 * 7000);
    expect(showing(carousel)).toBe('Dining room 1');
  });
});
