import type { components } from '../../api/schema.gen';
import { photoSrcSet } from '../../domain/pageContent';
import { avifSrcSet } from '../../domain/slidePhotos';
import classes from './Carousel.module.css';

type CarouselSlide = components['schemas']['CarouselSlide'];

/** The box a carousel keeps from the start: its first photo's shape, so nothing below moves as the photos load. */
export function aspectRatioOf(slide: CarouselSlide): string {
  return `${slide.width} / ${slide.height}`;
}

/**
 * A slide's photo at the width its column shows (`sizes`, from the page's layout: photoSizes), chosen from the widths it
 * comes at, in AVIF where the browser takes it and the photo was uploaded here, else as the slide names it; `priority`
 * for the one that is the page's largest paint.
 */
export function CarouselPhoto({ slide, sizes, priority }: { slide: CarouselSlide; sizes: string; priority: boolean }) {
  const srcSet = photoSrcSet(slide);
  const avif = avifSrcSet(slide);
  return (
    <picture className={classes.picture}>
      {avif && <source type="image/avif" srcSet={avif} sizes={srcSet ? sizes : undefined} />}
      <img
        className={classes.photo}
        src={slide.img}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={slide.alt}
        width={slide.width}
        height={slide.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
