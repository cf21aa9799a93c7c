import type { components } from '../../api/schema.gen';
import classes from './Carousel.module.css';

type CarouselSlide = components['schemas']['CarouselSlide'];

/** The box a carousel keeps from the start: its first photo's shape, so nothing below moves as the photos load. */
export function aspectRatioOf(slide: CarouselSlide): string {
  return `${slide.width} / ${slide.height}`;
}

/** A slide's photo at its own size; `priority` for the one that is the page's largest paint. */
export function CarouselPhoto({ slide, priority }: { slide: CarouselSlide; priority: boolean }) {
  return (
    <img
      className={classes.photo}
      src={slide.img}
      alt={slide.alt}
      width={slide.width}
      height={slide.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
