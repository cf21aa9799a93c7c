/**
 * How a carousel's photos move (SPEC §2), on markup drawn by Carousel.tsx: the app's and, before the app runs, the served
 * page's (docs/first-paint.md, "A carousel without the app"). Built as an entry of its own (vite.config.ts) so that the
 * page's start script and the app import the same module: a served carousel's place is then handed to the app's.
 *
 * The markup: the carousel `[data-carousel]`, `data-playing` while it moves on by itself; its slides `[data-slide]`, the
 * one showing `data-active` and the others `inert` and `aria-hidden`, those whose photo may be fetched `data-near`;
 * buttons `[data-show-slide]` (one per slide, the current `aria-current`), `[data-move="previous"]`, `[data-move="next"]`
 * and `[data-playback]`; the slides' container `[data-slides]`, a polite live region while the photos are still.
 */

/** SPEC §2: the next photo 7 s after the last change, however it was made. */
const AUTOPLAY_DELAY_MS = 7000;
/** Less than this sideways is a tap, not a swipe. */
const SWIPE_DISTANCE_PX = 40;
/** A trackpad's sideways swipe is a stream of wheel events with its momentum: one change until it has been still this long. */
const WHEEL_GESTURE_GAP_MS = 300;
/** Arrow keys in these are theirs, not the carousel's. */
const OWNS_ARROW_KEYS = 'input, textarea, select, [contenteditable], [role="radiogroup"], [role="listbox"], [role="menu"], [role="tablist"], [role="slider"], [role="combobox"], [role="grid"]';

interface Showing {
  index: number;
  playing: boolean;
  /** When the photo last changed (`Date.now()`), or the slideshow was played or shown again: the next change is 7 s on. */
  countedFrom: number;
}

interface Control {
  element: HTMLElement;
  showing: () => Showing;
  stop: () => void;
}

/** The served page's carousels, in the page's order, until the app's drawing takes their place. */
const servedCarousels: (Control | undefined)[] = [];

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isInViewport(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/** Where the served carousel in the same place was, if the app's drawing replaced one: handing over is not a change. */
function takeOverServed(element: HTMLElement): Showing | undefined {
  const place = [...document.querySelectorAll('[data-carousel]')].indexOf(element);
  const served = servedCarousels[place];
  if (!served || served.element.isConnected) return undefined;
  servedCarousels[place] = undefined;
  served.stop();
  return served.showing();
}

function start(element: HTMLElement, from: Showing | undefined): Control {
  const slides = [...element.querySelectorAll<HTMLElement>('[data-slide]')];
  const bullets = [...element.querySelectorAll<HTMLElement>('[data-show-slide]')];
  const playback = element.querySelector<HTMLElement>('[data-playback]');
  const liveRegion = element.querySelector<HTMLElement>('[data-slides]');
  let index = from?.index ?? Math.max(0, slides.findIndex((slide) => slide.hasAttribute('data-active')));
  let playing = (from?.playing ?? !prefersReducedMotion()) && slides.length > 1;
  let countedFrom = from?.countedFrom ?? Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wheelStillFrom = -Infinity;
  let swipe: { pointerId: number; x: number; y: number } | undefined;

  function draw() {
    slides.forEach((slide, slideIndex) => {
      const active = slideIndex === index;
      slide.toggleAttribute('data-active', active);
      slide.inert = !active;
      if (active) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
      // The next photo is fetched while this one shows; one fetched stays, so that it fades in and out.
      if (active || slideIndex === (index + 1) % slides.length) slide.setAttribute('data-near', '');
    });
    bullets.forEach((bullet, bulletIndex) => {
      if (bulletIndex === index) bullet.setAttribute('aria-current', 'true');
      else bullet.removeAttribute('aria-current');
    });
    element.toggleAttribute('data-playing', playing);
    playback?.setAttribute('aria-label', playing ? 'Pause the photos' : 'Play the photos');
    // Announced when the visitor changes it, not every 7 seconds while it moves on by itself.
    liveRegion?.setAttribute('aria-live', playing ? 'off' : 'polite');
  }

  // Not while the page is hidden; a visitor who comes back has the photo showing for a whole count.
  function count() {
    clearTimeout(timer);
    timer = undefined;
    if (!playing || document.visibilityState !== 'visible') return;
    timer = setTimeout(() => show(index + 1), Math.max(0, countedFrom + AUTOPLAY_DELAY_MS - Date.now()));
  }

  function countAgain() {
    countedFrom = Date.now();
    count();
  }

  function show(next: number) {
    if (!element.isConnected) return stop();
    index = (next + slides.length) % slides.length;
    draw();
    countAgain();
  }

  function onClick(event: MouseEvent) {
    const target = event.target instanceof Element ? event.target : null;
    const bullet = target?.closest<HTMLElement>('[data-show-slide]');
    const move = target?.closest<HTMLElement>('[data-move]')?.dataset.move;
    if (bullet) show(bullets.indexOf(bullet));
    else if (move) show(index + (move === 'next' ? 1 : -1));
    else if (target?.closest('[data-playback]')) {
      playing = !playing;
      draw();
      countAgain();
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest(OWNS_ARROW_KEYS)) return;
    if (!isInViewport(element)) return;
    event.preventDefault();
    show(index + (event.key === 'ArrowRight' ? 1 : -1));
  }

  // Sideways only: a vertical wheel scrolls the page.
  function onWheel(event: WheelEvent) {
    if (Math.abs(event.deltaX) <= Math.abs(event.deltaY)) return;
    event.preventDefault();
    const newGesture = event.timeStamp >= wheelStillFrom;
    wheelStillFrom = event.timeStamp + WHEEL_GESTURE_GAP_MS;
    if (newGesture) show(index + (event.deltaX > 0 ? 1 : -1));
  }

  function onPointerDown(event: PointerEvent) {
    if (event.isPrimary && event.button === 0) swipe = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent) {
    if (swipe?.pointerId !== event.pointerId) return;
    const across = event.clientX - swipe.x;
    const down = event.clientY - swipe.y;
    swipe = undefined;
    if (Math.abs(across) >= SWIPE_DISTANCE_PX && Math.abs(across) > Math.abs(down)) show(index + (across < 0 ? 1 : -1));
  }

  function onPointerCancel() {
    swipe = undefined;
  }

  const listeners = [
    [element, 'click', onClick],
    [element, 'wheel', onWheel, { passive: false }],
    [element, 'pointerdown', onPointerDown],
    [element, 'pointerup', onPointerUp],
    [element, 'pointercancel', onPointerCancel],
    [document, 'keydown', onKeyDown],
    [document, 'visibilitychange', countAgain],
  ] as const;

  function stop() {
    clearTimeout(timer);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    element.removeAttribute('data-controlled');
  }

  for (const [target, type, listener, options] of listeners) target.addEventListener(type, listener as EventListener, options);
  element.setAttribute('data-controlled', '');
  draw();
  count();
  return { element, showing: () => ({ index, playing, countedFrom }), stop };
}

/** The app's carousel, from the photo the served one showed if it replaced one; stopped by the function returned. */
export function controlCarousel(element: HTMLElement): () => void {
  return start(element, takeOverServed(element)).stop;
}

/** The served page's carousels, moving before the app runs; the app's take over from them (controlCarousel). */
export function controlServedCarousels(root: Element): void {
  for (const served of servedCarousels) served?.stop();
  servedCarousels.splice(0, Infinity, ...[...root.querySelectorAll<HTMLElement>('[data-carousel]')].map((element) => start(element, undefined)));
}
