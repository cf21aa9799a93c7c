// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { Carousel } from '../../src/components/content/Carousel';
import type { CarouselEvents } from '../../src/components/content/carouselSwiper';

type CarouselSlide = components['schemas']['CarouselSlide'];

// Swiper itself is the browser tests' (tests/e2e/gallery.spec.ts): here, what the carousel asks of it and how it follows.
const { autoplay, destroy, startSwiper } = vi.hoisted(() => {
  const autoplay = { running: true, start: vi.fn(), stop: vi.fn() };
  const destroy = vi.fn();
  const startSwiper = vi.fn((_elements: unknown, _labels: unknown, _events: CarouselEvents, _options: { still: boolean }) => ({ autoplay, destroy }));
  return { autoplay, destroy, startSwiper };
});
vi.mock('../../src/components/content/carouselSwiper', () => ({ startSwiper }));

const slides = (count: number): CarouselSlide[] =>
  Array.from({ length: count }, (_, index) => ({ img: `/images/photo-${index + 1}.webp`, alt: `Photo ${index + 1}`, width: 1600, height: 1067 }));

function Photos({ count }: { count: number }) {
  return (
    <MantineProvider>
      <Carousel slides={slides(count)} sizes="100vw" priority />
    </MantineProvider>
  );
}

let reducedMotion = false;
let root: Root | undefined;

beforeEach(() => {
  reducedMotion = false;
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

/** The server's markup in the page, hydrated as the browser does; what React reported on the way. */
async function serveAndHydrate(count: number): Promise<{ served: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  const container = document.createElement('div');
  // A server has no screen whose preferences it could read: what they change waits for an effect in the browser.
  const browserMatchMedia = window.matchMedia;
  window.matchMedia = undefined as never;
  let served: string;
  try {
    served = renderToString(<Photos count={count} />);
  } finally {
    window.matchMedia = browserMatchMedia;
  }
  container.innerHTML = served;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, <Photos count={count} />, { onRecoverableError: (error) => void errors.push(error) });
  });
  consoleError.mockRestore();
  return { served, errors };
}

const carousel = () => screen.getByRole('region', { name: 'Photos' });
/** The slides, in order, those hidden from assistive technology too. */
const slideElements = () => within(carousel()).getAllByRole('group', { hidden: true });

describe('the carousel', () => {
  it('is drawn the same on the server and at the first render in the browser, its first photo showing', async () => {
    const { served, errors } = await serveAndHydrate(4);
    expect(errors).toEqual([]);
    const page = document.createElement('div');
    page.innerHTML = served;
    const servedPhotos = within(page).getAllByRole('img');
    expect(servedPhotos.map((photo) => photo.getAttribute('alt'))).toEqual(['Photo 1']);
    expect(servedPhotos[0].getAttribute('loading')).toBe('eager');
    expect(within(page).getByRole('button', { name: 'Previous photo' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Pause the photos' })).toBeTruthy();
    // Only the first photo and the next may be fetched in the browser; the server asks for the first alone.
    expect(page.querySelectorAll('[data-near]')).toHaveLength(1);
  });

  it('starts Swiper once drawn, with its own elements and the labels of the controls', async () => {
    await serveAndHydrate(4);
    await waitFor(() => expect(startSwiper).toHaveBeenCalledTimes(1));
    const [elements, labels, , options] = startSwiper.mock.calls[0];
    const { carousel: swiped, previous, next, bullets } = elements as Record<string, HTMLElement>;
    expect(swiped).toBe(carousel());
    expect(previous).toBe(screen.getByRole('button', { name: 'Previous photo' }));
    expect(next).toBe(screen.getByRole('button', { name: 'Next photo' }));
    // Empty for Swiper's bullets.
    expect(swiped.contains(bullets) && bullets.childElementCount).toBe(0);
    expect(labels).toMatchObject({ previous: 'Previous photo', next: 'Next photo', bullet: 'Show photo {{index}}' });
    expect(options).toEqual({ still: false });
  });

  it('leaves only the photo showing to assistive technology, and lets the next one be fetched', async () => {
    await serveAndHydrate(6);
    await waitFor(() => expect(startSwiper).toHaveBeenCalled());
    const { onShow, onPlaying } = startSwiper.mock.calls[0][2];
    act(() => onShow(2));
    expect(within(carousel()).getByRole('group').getAttribute('aria-label')).toBe('Photo 3 of 6');
    expect(within(carousel()).getByRole('img').getAttribute('alt')).toBe('Photo 3');
    expect(slideElements().map((slide) => slide.hasAttribute('inert'))).toEqual([true, true, false, true, true, true]);
    // The first two from the start, the third and fourth now; the others are not fetched yet.
    expect(slideElements().map((slide) => slide.hasAttribute('data-near'))).toEqual([true, true, true, true, false, false]);

    // Paused, the photo the visitor moves to is announced; playing, it is not.
    expect(slideElements()[0].parentElement?.getAttribute('aria-live')).toBe('off');
    act(() => onPlaying(false));
    expect(screen.getByRole('button', { name: 'Play the photos' })).toBeTruthy();
    expect(slideElements()[0].parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('pauses and plays the slideshow through Swiper', async () => {
    await serveAndHydrate(3);
    await waitFor(() => expect(startSwiper).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Pause the photos' }));
    expect(autoplay.stop).toHaveBeenCalledTimes(1);
    autoplay.running = false;
    fireEvent.click(screen.getByRole('button', { name: 'Pause the photos' }));
    expect(autoplay.start).toHaveBeenCalledTimes(1);
    autoplay.running = true;
  });

  it('starts still for a visitor who asks for less motion, with Play to press', async () => {
    reducedMotion = true;
    const { errors } = await serveAndHydrate(3);
    expect(errors).toEqual([]);
    await waitFor(() => expect(startSwiper).toHaveBeenCalled());
    expect(startSwiper.mock.calls[0][3]).toEqual({ still: true });
    expect(screen.getByRole('button', { name: 'Play the photos' })).toBeTruthy();
  });

  it('of one photo has no controls and never starts Swiper', async () => {
    const { errors } = await serveAndHydrate(1);
    expect(errors).toEqual([]);
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
    expect(within(carousel()).getByRole('img').getAttribute('alt')).toBe('Photo 1');
    expect(within(carousel()).queryAllByRole('button')).toEqual([]);
    expect(startSwiper).not.toHaveBeenCalled();
  });

  it('stops Swiper when it goes', async () => {
    await serveAndHydrate(3);
    await waitFor(() => expect(startSwiper).toHaveBeenCalled());
    act(() => root?.unmount());
    root = undefined;
    expect(destroy).toHaveBeenCalledWith(true, false);
  });
});
