// The app's scripts for a page whose first paint the server sent (docs/first-paint.md, "Started when reached for").
// A device that keeps something of the site (a basket, a session, a remembered choice) or the native apps' shell gets
// the app as soon as the page has been painted: the served page is a first-time visitor's and may not be theirs. So
// does a page that is not whole without the app (below).
// A first-time visitor is served their page as it is: it reads, scrolls and links without the app, so the app's
// scripts are fetched once the page has loaded and are run when the visitor first reaches for the page (a touch, a key,
// a scroll). What they did before the app was live is done again on the app's page once it is: the
// clicks (in order), the focus and what they typed, each on the element in the same place with the same text.
// Minified into the built site (vite.config.ts); a function of its own, so that none of its names is the page's.
(() => {
  const root = document.getElementById('root');
  // The served page's elements: the app's first drawing replaces them, after which nothing is held or noted.
  const served = root ? [...root.children] : [];
  const { app: appScripts, startAtOnce, carouselModule } = document.currentScript.dataset;
  const app = appScripts.split(' ');
  // Not the pointer's moves: the browser sends one itself when the page is laid out under a pointer at rest.
  const REACHING_FOR_THE_PAGE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'visibilitychange'];
  const listening = { capture: true, passive: true };
  let asked = false;

  function runApp() {
    if (asked) return;
    asked = true;
    for (const type of REACHING_FOR_THE_PAGE) window.removeEventListener(type, runApp, listening);
    for (const src of app) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      script.onerror = giveUpWaiting;
      document.head.append(script);
    }
  }

  function keepsSomethingOfTheSite() {
    try {
      return localStorage.length > 0 || sessionStorage.length > 0;
    } catch {
      return false;
    }
  }

  // The same globals src/platform/native.ts reads: Capacitor's shells put them in the page before it loads.
  function inNativeShell() {
    return 'Capacitor' in window || 'androidBridge' in window || 'CapacitorCustomPlatform' in window || window.webkit?.messageHandlers?.bridge !== undefined;
  }

  // The place of an element under the root: the index of each ancestor among its parent's children.
  function placeOf(element) {
    const place = [];
    for (let node = element; node && node !== root; node = node.parentElement) place.unshift([...node.parentElement.children].indexOf(node));
    return { place, tag: element.tagName, text: element.textContent.trim(), label: element.getAttribute('aria-label') };
  }

  // The element in the same place with the same tag, text and label; failing that (something above it drawn apart),
  // the only such element under the root.
  function elementAt({ place, tag, text, label }) {
    const same = (element) => element?.tagName === tag && element.textContent.trim() === text && element.getAttribute('aria-label') === label;
    let element = root;
    for (const index of place) element = element?.children[index];
    if (same(element)) return element;
    const alike = [...root.getElementsByTagName(tag)].filter(same);
    return alike.length === 1 ? alike[0] : undefined;
  }

  const clicks = [];
  const typed = new Map();
  let focused;
  let gaveUp = false;

  function isServed(node) {
    return node instanceof Element && served.some((element) => element.isConnected && element.contains(node));
  }

  // A click the app handles: a plain one, not on a served carousel being moved (it takes its own clicks, and the app's
  // takes over where it is: moveServedCarousels), nor on a link out of the site (another tab, another origin, a phone
  // number), which goes where it points without the app.
  function isForTheApp(event, target) {
    if (gaveUp || target.closest('[data-controlled]')) return false;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
    const link = target.closest('a[href]');
    return !link || ((!link.target || link.target === '_self') && link.origin === window.location.origin);
  }

  let alive = false;

  function hold(click) {
    if (alive) clickAgain(elementAt(click));
    else clicks.push(click);
  }

  function holdClick(event) {
    if (!isServed(event.target) || !isForTheApp(event, event.target)) return;
    event.preventDefault();
    hold(placeOf(event.target));
    runApp();
  }

  // A press on a served element that is released once the app's drawing has replaced it makes no click (the element
  // pressed and the one released on have no common ancestor): it is made here, if released on the app's element in its place.
  let pressed;

  function notePress(event) {
    pressed = event.isPrimary && isServed(event.target) ? { target: event.target, place: placeOf(event.target) } : undefined;
  }

  function clickIfReplacedWhilePressed(event) {
    const press = pressed;
    pressed = undefined;
    if (!press || !event.isPrimary || press.target.isConnected || !isForTheApp(event, press.target)) return;
    if (elementAt(press.place)?.contains(event.target)) hold(press.place);
  }

  function noteFocus(event) {
    if (isServed(event.target)) focused = placeOf(event.target);
  }

  function noteTyping(event) {
    const field = event.target;
    if (!isServed(field) || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    const { place, tag } = placeOf(field);
    typed.set(place.join('/'), { place, tag, value: field.value, checked: field.checked });
  }

  // The app's fields are React's: a value set through the element's own setter and announced as typed reaches its state.
  function typeAgain(entry) {
    let field = root;
    for (const index of entry.place) field = field?.children[index];
    if (!field || field.tagName !== entry.tag) return;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked !== entry.checked) field.click();
      return;
    }
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, entry.value);
    field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  }

  // At once when the app's drawing has replaced the served elements (a mutation is seen before any other task, a key
  // press among them), so that what the visitor types or presses next goes on from where they were.
  function carryOverWhenReplaced() {
    const replaced = new MutationObserver(() => {
      if (served.some((element) => element.isConnected)) return;
      replaced.disconnect();
      for (const entry of typed.values()) typeAgain(entry);
      const lost = document.activeElement === document.body || !document.activeElement;
      if (focused && lost) elementAt(focused)?.focus();
    });
    replaced.observe(root, { childList: true });
  }

  // The held clicks, in order, once the app is alive (its router listening).
  function clickAgainAll() {
    for (const click of clicks) clickAgain(elementAt(click));
  }

  // Dispatched rather than `click()`, which an SVG icon inside a link does not have; the app's handlers take it the same.
  function clickAgain(element) {
    element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
  }

  // The app's scripts did not arrive: the page goes on without it, and a link that was held goes where it points.
  function giveUpWaiting() {
    if (gaveUp) return;
    gaveUp = true;
    const link = clicks.map(elementAt).find((element) => element?.closest('a[href]'));
    if (link) window.location.assign(link.closest('a[href]').href);
  }

  // Into the browser's cache only: not compiled before it is run.
  function fetchAppAhead() {
    for (const src of app) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = '';
      link.href = src;
      document.head.append(link);
    }
  }

  // A carousel moves on by itself: the served page's is moved by the module that moves the app's (carouselControl.ts),
  // the same module the app imports, which hands the photo showing to the app's carousel when that replaces it.
  function moveServedCarousels() {
    const stillServed = () => served.some((element) => element.isConnected);
    if (!carouselModule || !stillServed()) return;
    import(carouselModule)
      .then((module) => stillServed() && module.controlServedCarousels(root))
      .catch(() => undefined);
  }

  // Once the page's first paint is on screen, and its photo if it preloads one (its largest paint), and it has loaded:
  // then the app's 160 KB share the connection with nothing the page shows first. Frames are asked for until the paints
  // are reported (for two seconds at most): a compositor that dropped the painted frame (its raster not ready) may
  // otherwise show it only a second later, when nothing else is drawing. A browser without paint timing goes on after
  // its first frame.
  const FRAMES_TO_WAIT_FOR_THE_PAINT = 120;

  function onceShownAndLoaded(then) {
    const photoPreloaded = document.querySelector('link[rel="preload"][as="image"]') !== null;
    let painted = false;
    const paintTimed = (type) => PerformanceObserver.supportedEntryTypes?.includes(type) === true;
    // A browser that does not report its largest paint goes on after the first.
    let photoPainted = !photoPreloaded || !paintTimed('largest-contentful-paint');
    let done = false;
    let frames = 0;
    const finish = () => {
      if (done) return;
      done = true;
      for (const observer of observers) observer.disconnect();
      if (document.readyState === 'complete') setTimeout(then);
      else window.addEventListener('load', () => setTimeout(then), { once: true });
    };
    const observe = (type, noteEntries) => {
      if (!paintTimed(type)) return [];
      const observer = new PerformanceObserver((entries) => {
        noteEntries(entries.getEntries());
        if (painted && photoPainted) finish();
      });
      observer.observe({ type, buffered: true });
      return [observer];
    };
    const observers = [
      ...observe('paint', (entries) => (painted ||= entries.some((entry) => entry.name === 'first-contentful-paint'))),
      ...observe('largest-contentful-paint', (entries) => (photoPainted ||= entries.some((entry) => entry.element?.tagName === 'IMG'))),
    ];
    const askForFrames = () => {
      if (observers.length === 0 || ++frames > FRAMES_TO_WAIT_FOR_THE_PAINT) finish();
      if (!done) requestAnimationFrame(askForFrames);
    };
    requestAnimationFrame(askForFrames);
  }

  // The served page is the whole page only at an address without a query (`?dish=` shows and focuses a dish), and when
  // the app need not count it as shown (the server marks the page when analytics is on): otherwise the app is run once
  // the served page is shown, which stays `inert` until the app's has replaced it.
  const prerendered = root?.hasAttribute('data-prerendered');
  const servedPageIsWhole = prerendered && startAtOnce === undefined && window.location.search === '';

  if (!prerendered || keepsSomethingOfTheSite() || inNativeShell()) {
    requestAnimationFrame(() => setTimeout(runApp));
  } else if (!servedPageIsWhole) {
    onceShownAndLoaded(runApp);
  } else {
    root.removeAttribute('inert');
    root.removeAttribute('aria-hidden');
    for (const type of REACHING_FOR_THE_PAGE) window.addEventListener(type, runApp, listening);
    document.addEventListener('click', holdClick, true);
    document.addEventListener('focusin', noteFocus, true);
    document.addEventListener('input', noteTyping, true);
    document.addEventListener('change', noteTyping, true);
    carryOverWhenReplaced();
    document.addEventListener('pointerdown', notePress, true);
    document.addEventListener('pointerup', clickIfReplacedWhilePressed, true);
    document.addEventListener(
      'app:alive',
      () =>
        setTimeout(() => {
          alive = true;
          clickAgainAll();
        }),
      { once: true },
    );
    onceShownAndLoaded(() => {
      moveServedCarousels();
      fetchAppAhead();
    });
  }
})();
