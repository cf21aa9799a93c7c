import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { components } from '../../api/schema.gen';
import classes from './Carousel.module.css';
import { controlCarousel } from './carouselControl';
import { aspectRatioOf, CarouselPhoto } from './CarouselPhoto';

type CarouselSlide = components['schemas']['CarouselSlide'];

/**
 * The gallery's photos (SPEC §2): a fade from one to the next every 7 seconds, which goes on after the visitor moves it
 * (the count starts again from each change, however made), with bullets, arrows, the keyboard's arrow keys, a sideways
 * wheel and a swipe. A visitor who asks for less motion gets it still, and anyone can pause it (WCAG 2.2.2). Only the
 * photo showing is in the accessibility tree; a photo is fetched once it is next.
 *
 * Drawn as it first shows, on the server too; what moves it is carouselControl.ts, which the served page runs before the
 * app does, so the markup here is its first state, which React leaves as it is.
 */
export function Carousel({ slides, sizes, priority }: { slides: CarouselSlide[]; sizes: string; priority: boolean }) {
  const carousel = useRef<HTMLDivElement>(null);
  // Again for other slides (the restaurant changed them), so that the control has their elements; it goes on from the
  // photo the markup marks as showing.
  useEffect(() => (carousel.current ? controlCarousel(carousel.current) : undefined), [slides]);
  if (slides.length === 0) return null;
  const moves = slides.length > 1;
  return (
    <div
      ref={carousel}
      className={classes.carousel}
      style={{ aspectRatio: aspectRatioOf(slides[0]) }}
      role="region"
      aria-roledescription="carousel"
      aria-label="Photos"
      data-carousel=""
      data-playing={moves ? '' : undefined}
    >
      <div className={classes.slides} data-slides="" aria-live="off">
        {slides.map((slide, index) => (
          <div
            key={index}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`Photo ${index + 1} of ${slides.length}`}
            data-slide=""
            data-active={index === 0 ? '' : undefined}
            data-near={index === 0 ? '' : undefined}
            inert={index !== 0}
            aria-hidden={index !== 0 || undefined}
          >
            <CarouselPhoto slide={slide} sizes={sizes} priority={index === 0 && priority} />
          </div>
        ))}
      </div>
      {moves && (
        <>
          {/* Placed by wrappers: Mantine's button keeps its own position and moves itself when pressed. */}
          <div className={classes.previous}>
            <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label="Previous photo" data-move="previous">
              <IconChevronLeft aria-hidden="true" />
            </ActionIcon>
          </div>
          <div className={classes.next}>
            <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label="Next photo" data-move="next">
              <IconChevronRight aria-hidden="true" />
            </ActionIcon>
          </div>
          <div className={classes.bullets}>
            {slides.map((_, index) => (
              <button key={index} type="button" className={classes.bullet} aria-label={`Show photo ${index + 1}`} aria-current={index === 0 || undefined} data-show-slide="" />
            ))}
          </div>
          <div className={classes.playback}>
            <ActionIcon size="lg" radius="xl" variant="white" color="dark" aria-label="Pause the photos" data-playback="">
              <IconPlayerPause className={classes.pauseIcon} size={18} aria-hidden="true" />
              <IconPlayerPlay className={classes.playIcon} size={18} aria-hidden="true" />
            </ActionIcon>
          </div>
        </>
      )}
    </div>
  );
}
