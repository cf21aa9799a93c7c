import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { components } from '../../api/schema.gen';
import classes from './Carousel.module.css';
import { aspectRatioOf, CarouselPhoto } from './CarouselPhoto';
import type { startSwiper } from './carouselSwiper';

type CarouselSlide = components['schemas']['CarouselSlide'];
type Swiper = ReturnType<typeof startSwiper>;

const LABELS = {
  previous: 'Previous photo',
  next: 'Next photo',
  bullet: 'Show photo {{index}}',
  bulletClass: classes.bullet,
  bulletActiveClass: classes.bulletActive,
};

/** The photos whose image may be fetched: the one showing and the next, and any shown before (it fades out). */
function withNear(near: ReadonlySet<number>, index: number, count: number): ReadonlySet<number> {
  const next = (index + 1) % count;
  return near.has(index) && near.has(next) ? near : new Set([...near, index, next]);
}

/**
 * The gallery's photos (SPEC §2) on Swiper: a fade from one to the next every 7 seconds, which goes on after the visitor
 * moves it, with bullets, arrows, the arrow keys, a sideways wheel and a swipe. A visitor who asks for less motion gets
 * it still, and anyone can pause it (WCAG 2.2.2). Only the photo showing is in the accessibility tree.
 *
 * Drawn the same on the server and at the browser's first render: the first photo showing, the others beside it out of
 * view, the arrows and the pause button. Swiper (its own chunk, with its styles) is loaded and started in an effect; it
 * moves the slides React drew and puts the bullets into their empty container.
 */
export function Carousel({ slides, sizes, priority }: { slides: CarouselSlide[]; sizes: string; priority: boolean }) {
  const carousel = useRef<HTMLDivElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const bullets = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper>(undefined);
  const [showing, setShowing] = useState(0);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [playing, setPlaying] = useState(true);
  const moves = slides.length > 1;

  // Again for other slides (the restaurant changed them), from the first.
  useEffect(() => {
    if (!moves) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let stopped = false;
    setShowing(0);
    setNear(withNear(new Set(), 0, slides.length));
    setPlaying(!still);
    void import('./carouselSwiper').then(({ startSwiper }) => {
      if (stopped || !carousel.current || !previous.current || !next.current || !bullets.current) return;
      const elements = { carousel: carousel.current, previous: previous.current, next: next.current, bullets: bullets.current };
      const events = {
        onShow: (index: number) => {
          setShowing(index);
          setNear((before) => withNear(before, index, slides.length));
        },
        onPlaying: setPlaying,
      };
      swiper.current = startSwiper(elements, LABELS, events, { still });
    });
    return () => {
      stopped = true;
      // Its inline styles are left: cleaning them would take the box's shape, which is React's, and Swiper sets the
      // slides' again when it starts on the restaurant's other photos.
      swiper.current?.destroy(true, false);
      swiper.current = undefined;
    };
  }, [slides, moves]);

  if (slides.length === 0) return null;

  function playOrPause() {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (autoplay.running) autoplay.stop();
    else autoplay.start();
  }

  return (
    <div
      ref={carousel}
      className={`swiper ${classes.carousel}`}
      style={{ aspectRatio: aspectRatioOf(slides[0]) }}
      role="region"
      aria-roledescription="carousel"
      aria-label="Photos"
    >
      {/* Announced when the visitor changes it, not every 7 seconds while it moves on by itself. */}
      <div className={`swiper-wrapper ${classes.slides}`} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={index}
            className={`swiper-slide ${classes.slide}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`Photo ${index + 1} of ${slides.length}`}
            data-near={near.has(index) ? '' : undefined}
            inert={index !== showing}
            aria-hidden={index !== showing || undefined}
          >
            <CarouselPhoto slide={slide} sizes={sizes} priority={index === 0 && priority} />
          </div>
        ))}
      </div>
      {moves && (
        <>
          {/* Placed by wrappers: Mantine's button keeps its own position and moves itself when pressed. */}
          <div className={classes.previous}>
            <ActionIcon ref={previous} size="xl" radius="xl" variant="white" color="dark" aria-label={LABELS.previous}>
              <IconChevronLeft aria-hidden="true" />
            </ActionIcon>
          </div>
          <div className={classes.next}>
            <ActionIcon ref={next} size="xl" radius="xl" variant="white" color="dark" aria-label={LABELS.next}>
              <IconChevronRight aria-hidden="true" />
            </ActionIcon>
          </div>
          <div ref={bullets} className={classes.bullets} />
          <div className={classes.playback}>
            <ActionIcon size="lg" radius="xl" variant="white" color="dark" aria-label={playing ? 'Pause the photos' : 'Play the photos'} onClick={playOrPause}>
              {playing ? <IconPlayerPause size={18} aria-hidden="true" /> : <IconPlayerPlay size={18} aria-hidden="true" />}
            </ActionIcon>
          </div>
        </>
      )}
    </div>
  );
}
