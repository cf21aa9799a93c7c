import { lazy, Suspense } from 'react';
import type { components } from '../../api/schema.gen';
import classes from './Carousel.module.css';
import { loadCarousel } from './carouselLoader';
import { aspectRatioOf, CarouselPhoto } from './CarouselPhoto';

type CarouselSlide = components['schemas']['CarouselSlide'];

const Carousel = lazy(() => loadCarousel().then((module) => ({ default: module.Carousel })));

/** Until Swiper's chunk arrives the first photo already shows, in the carousel's place and size. */
function FirstPhoto({ slide, sizes, priority }: { slide: CarouselSlide; sizes: string; priority: boolean }) {
  return (
    <div className={classes.carousel} style={{ aspectRatio: aspectRatioOf(slide) }}>
      <CarouselPhoto slide={slide} sizes={sizes} priority={priority} />
    </div>
  );
}

/** `sizes`: the width the column gives the photos at each breakpoint (photoSizes). */
export function CarouselBlock({ slides, sizes, priority }: { slides: CarouselSlide[]; sizes: string; priority: boolean }) {
  if (slides.length === 0) return null;
  // The served HTML's first paint (src/prerender/) is drawn where there is no browser for Swiper: the first photo is all it shows.
  if (typeof document === 'undefined') return <FirstPhoto slide={slides[0]} sizes={sizes} priority={priority} />;
  return (
    <Suspense fallback={<FirstPhoto slide={slides[0]} sizes={sizes} priority={priority} />}>
      <Carousel slides={slides} sizes={sizes} priority={priority} />
    </Suspense>
  );
}
