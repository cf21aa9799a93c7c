import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade, Keyboard, Mousewheel, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/effect-fade';

/**
 * Swiper with the modules SPEC §2's carousel uses, in a chunk of its own (vite.config.ts) that Carousel.tsx imports once
 * it has a carousel to move: the pages without one never load it.
 */

/** SPEC §2 and §9: the next photo 7 s after the last change, however it was made, and SPEC's default transition. */
const AUTOPLAY_DELAY_MS = 7000;
const FADE_MS = 300;
const SLIDE_SPACING = 30;

export interface CarouselElements {
  /** The carousel, holding `.swiper-wrapper` and its `.swiper-slide`s as Carousel.tsx draws them. */
  carousel: HTMLElement;
  previous: HTMLElement;
  next: HTMLElement;
  /** Empty: Swiper puts a button in it for each photo. */
  bullets: HTMLElement;
}

export interface CarouselLabels {
  previous: string;
  next: string;
  /** `{{index}}` is the photo's number. */
  bullet: string;
  bulletClass: string;
  bulletActiveClass: string;
}

export interface CarouselEvents {
  onShow: (index: number) => void;
  onPlaying: (playing: boolean) => void;
}

export function startSwiper(
  { carousel, previous, next, bullets }: CarouselElements,
  labels: CarouselLabels,
  { onShow, onPlaying }: CarouselEvents,
  { still }: { still: boolean },
): Swiper {
  return new Swiper(carousel, {
    modules: [A11y, Autoplay, EffectFade, Keyboard, Mousewheel, Navigation, Pagination],
    effect: 'fade',
    fadeEffect: { crossFade: true },
    // Asked for less motion: the photo changes at once.
    speed: still ? 0 : FADE_MS,
    // SPEC's spacing, though the fade lays the slides on one another and Swiper sets it aside.
    spaceBetween: SLIDE_SPACING,
    // Back to the first photo after the last, and round to the last from the first. Not `loop`, which moves the slides'
    // elements about, and React draws them.
    rewind: true,
    // The count starts again from each change however made (waitForTransition would hold it until a fade ends, and a
    // change without one never ends), and goes on after the visitor's.
    autoplay: { enabled: !still, delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false, waitForTransition: false },
    navigation: { prevEl: previous, nextEl: next, addIcons: false },
    pagination: { el: bullets, clickable: true, bulletElement: 'button', bulletClass: labels.bulletClass, bulletActiveClass: labels.bulletActiveClass },
    // The arrow keys while the carousel is in view; Page Up and Page Down stay the page's.
    keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
    // A sideways wheel or a trackpad's swipe; an up and down one scrolls the page.
    mousewheel: { enabled: true, forceToAxis: true },
    a11y: {
      prevSlideMessage: labels.previous,
      nextSlideMessage: labels.next,
      paginationBulletMessage: labels.bullet,
      // The slides' roles and names are Carousel.tsx's, drawn on the server too, and so is the wrapper's live region,
      // which follows pause and play.
      slideRole: '',
      slideLabelMessage: '',
      wrapperLiveRegion: false,
    },
    on: {
      slideChange: (swiper) => onShow(swiper.activeIndex),
      autoplayStart: () => onPlaying(true),
      autoplayStop: () => onPlaying(false),
    },
  });
}
