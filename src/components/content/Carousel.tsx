import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/effect-fade';
import 'swiper/css/pagination';
import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { A11y, Autoplay, EffectFade, Keyboard, Mousewheel, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { components } from '../../api/schema.gen';
import classes from './Carousel.module.css';
import { aspectRatioOf, CarouselPhoto } from './CarouselPhoto';

type CarouselSlide = components['schemas']['CarouselSlide'];

/** SPEC §9. */
const AUTOPLAY_DELAY_MS = 7000;
const SLIDE_SPACING = 30;
/** SPEC §9's default transition. */
const FADE_MS = 300;

// Swiper compares its options between renders, so they are made once.
const MODULES = [A11y, Autoplay, EffectFade, Keyboard, Mousewheel, Pagination];
const FADE = { crossFade: true };
const PAGINATION = { clickable: true };
const KEYBOARD = { enabled: true, onlyInViewport: true };
const MOUSEWHEEL = { forceToAxis: true };
const A11Y = { slideLabelMessage: 'Photo {{index}} of {{slidesLength}}', paginationBulletMessage: 'Show photo {{index}}' };
// Not waiting for the fade to end: the next change is always 7 s after the last one, however it was made.
const AUTOPLAY = { delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false, waitForTransition: false };
const STILL = { ...AUTOPLAY, enabled: false };

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The gallery's photos (SPEC §2): a fade from one to the next every 7 seconds, which goes on after the visitor
 * moves it (the count starts again from each change, however made), with bullets, arrows, the keyboard's arrow
 * keys and a sideways wheel or swipe. A visitor who asks for less motion gets it still, and anyone can pause it
 * (WCAG 2.2.2). Only the photo showing is in the accessibility tree; a photo is fetched once it is next.
 */
export function Carousel({ slides, sizes, priority }: { slides: CarouselSlide[]; sizes: string; priority: boolean }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [fetchedUpTo, setFetchedUpTo] = useState(1);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(!reducedMotion);

  function showSlide(instance: SwiperInstance) {
    setActiveIndex(instance.activeIndex);
    setFetchedUpTo((upTo) => Math.max(upTo, instance.activeIndex + 1));
  }

  function togglePlayback() {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  }

  return (
    <div className={classes.carousel} style={{ aspectRatio: aspectRatioOf(slides[0]) }} role="region" aria-roledescription="carousel" aria-label="Photos">
      <Swiper
        className={classes.swiper}
        modules={MODULES}
        onSwiper={setSwiper}
        onSlideChange={showSlide}
        effect="fade"
        fadeEffect={FADE}
        speed={reducedMotion ? 0 : FADE_MS}
        spaceBetween={SLIDE_SPACING}
        rewind
        autoplay={reducedMotion ? STILL : AUTOPLAY}
        pagination={PAGINATION}
        keyboard={KEYBOARD}
        mousewheel={MOUSEWHEEL}
        a11y={A11Y}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={index} className={classes.slide} inert={index !== activeIndex} aria-hidden={index !== activeIndex || undefined}>
            {index <= fetchedUpTo && (
              <CarouselPhoto slide={slide} sizes={sizes} priority={index === 0 && priority} />
            )}
          </SwiperSlide>
        ))}
      </Swiper>
      {/* Placed by wrappers: Mantine's button keeps its own position and moves itself when pressed. */}
      <div className={classes.previous}>
        <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label="Previous photo" onClick={() => swiper?.slidePrev()}>
          <IconChevronLeft aria-hidden="true" />
        </ActionIcon>
      </div>
      <div className={classes.next}>
        <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label="Next photo" onClick={() => swiper?.slideNext()}>
          <IconChevronRight aria-hidden="true" />
        </ActionIcon>
      </div>
      <div className={classes.playback}>
        <ActionIcon size="lg" radius="xl" variant="white" color="dark" aria-label={playing ? 'Pause the photos' : 'Play the photos'} onClick={togglePlayback}>
          {playing ? <IconPlayerPause size={18} aria-hidden="true" /> : <IconPlayerPlay size={18} aria-hidden="true" />}
        </ActionIcon>
      </div>
    </div>
  );
}
