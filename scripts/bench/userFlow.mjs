// The user-flow phase of `npm run bench` (`--only=flow`, issue 31 "Measure what the customer feels"): what a customer
// on a phone feels of the site's start, rather than what a lab score sees. Playwright drives Debian's Chromium on
// Lighthouse's phone settings against the real server serving the production build; every figure is read in the page
// itself (event timestamps, the Event Timing API, the frame that draws the result), never from the driver's clock.
// docs/benchmarks.md ("The user flow") says what each figure means.

/** Lighthouse's mobile settings: a Moto G Power (2022) on slow 4G with the CPU slowed four times. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  locale: 'en-GB',
  timezoneId: 'Europe/London',
};
const CPU_SLOWDOWN = 4;
// Lighthouse's slow 4G in DevTools Protocol terms: 150 ms round trip, 1.6 Mbit/s down, 750 Kbit/s up (bytes per second).
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export const RUNS = 5;
export const TAP_AFTER_LOAD_MS = 1500;
export const QUICK_TAPS = 3;
export const QUICK_TAP_GAP_MS = 150;
// The issue found a lost tap by an empty basket 8 s later: a result that takes longer counts as lost.
export const RESULT_LIMIT_MS = 8000;
// Event Timing reports an interaction once the frame after it is drawn; a moment's wait lets the observer hear it.
const EVENT_TIMING_SETTLE_MS = 500;

export const BUDGET_VISIBLE_RESULT_MS = 300;
export const BUDGET_INP_MS = 200;
// Event Timing's finest threshold: a shorter interaction is not reported at all.
export const EVENT_TIMING_THRESHOLD_MS = 16;

export const VISITORS = ['first-time', 'returning'];

// ---------------------------------------------------------------------------------------------------
// The judgement (pure)

/**
 * The median of the runs' times. A run without one (`null`: what was awaited never came) ranks above every time, so
 * the median is `null` when half the runs or more have none. An even count takes the mean of the middle two.
 */
export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => (a === null ? Infinity : a) - (b === null ? Infinity : b));
  const middle = Math.floor(sorted.length / 2);
  const middleOnes = sorted.length % 2 === 1 ? [sorted[middle]] : [sorted[middle - 1], sorted[middle]];
  return middleOnes.includes(null) ? null : middleOnes.reduce((total, value) => total + value, 0) / middleOnes.length;
}

function milliseconds(value) {
  return `${Math.round(value)} ms`;
}

function inpText(value) {
  return value < EVENT_TIMING_THRESHOLD_MS ? `< ${EVENT_TIMING_THRESHOLD_MS} ms` : milliseconds(value);
}

function spread(values, format) {
  return values.map((value) => (value === null ? 'lost' : format(value))).join(', ');
}

/**
 * One table row for a tap's visible result: the median of the runs, within budget only when no run's tap was lost (a
 * lost tap has no time, so a median of the others would hide it).
 */
function visibleResultRow(measurement, times) {
  const lost = times.filter((time) => time === null).length;
  const middle = median(times);
  const budget = `≤ ${BUDGET_VISIBLE_RESULT_MS} ms, none lost`;
  if (middle === null) return { measurement, value: `lost in ${lost} of ${times.length} runs`, budget, pass: false };
  const lostText = lost > 0 ? `, lost in ${lost} of ${times.length}` : '';
  return {
    measurement,
    value: `${milliseconds(middle)} (runs: ${spread(times, milliseconds)}${lostText})`,
    budget,
    pass: lost === 0 && middle <= BUDGET_VISIBLE_RESULT_MS,
  };
}

function inpRow(measurement, durations) {
  const middle = median(durations);
  const budget = `≤ ${BUDGET_INP_MS} ms`;
  if (middle === null) return { measurement, value: 'no result', budget, pass: false };
  return { measurement, value: `${inpText(middle)} (runs: ${spread(durations, inpText)})`, budget, pass: middle <= BUDGET_INP_MS };
}

/**
 * The table's rows for one visitor's runs. Each run is
 * `{ hydratedMs: { order, home }, add: { visibleMs, inpMs }, menu: { visibleMs, inpMs }, quick: { tapped, landed } }`:
 * a time is `null` when it never came within RESULT_LIMIT_MS, an INP is 0 when Event Timing reported nothing (shorter than
 * its threshold), `landed` is how many dishes the basket gained.
 */
export function flowRows(visitor, runs) {
  const label = `User flow, ${visitor}`;
  const hydrationRow = (page, path) => {
    const times = runs.map((run) => run.hydratedMs[page]);
    const middle = median(times);
    const never = times.filter((time) => time === null).length;
    return {
      measurement: `${label}: navigation to hydrated ${path}`,
      value:
        middle === null
          ? `not within ${RESULT_LIMIT_MS / 1000} s without a tap in ${never} of ${times.length} runs`
          : `${milliseconds(middle)} (runs: ${spread(times, milliseconds).replaceAll('lost', 'not hydrated')})${never > 0 ? `, ${never} not within ${RESULT_LIMIT_MS / 1000} s` : ''}`,
      budget: '',
    };
  };
  const tapped = runs.reduce((total, run) => total + run.quick.tapped, 0);
  const landed = runs.map((run) => run.quick.landed);
  return [
    hydrationRow('order', '/order'),
    hydrationRow('home', '/'),
    visibleResultRow(`${label}: Add ${TAP_AFTER_LOAD_MS / 1000} s after load, to the basket bar showing it`, runs.map((run) => run.add.visibleMs)),
    inpRow(`${label}: Add ${TAP_AFTER_LOAD_MS / 1000} s after load, INP`, runs.map((run) => run.add.inpMs)),
    visibleResultRow(`${label}: menu button on / ${TAP_AFTER_LOAD_MS / 1000} s after load, to the menu open`, runs.map((run) => run.menu.visibleMs)),
    inpRow(`${label}: menu button on / ${TAP_AFTER_LOAD_MS / 1000} s after load, INP`, runs.map((run) => run.menu.inpMs)),
    {
      measurement: `${label}: ${QUICK_TAPS} dishes tapped ${QUICK_TAP_GAP_MS} ms apart from the first paint, added`,
      value: `${landed.reduce((total, count) => total + count, 0)} of ${tapped} (runs: ${landed.join(', ')})`,
      budget: 'each exactly once',
      pass: runs.every((run) => run.quick.landed === run.quick.tapped),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// In the page (serialised into the browser: no closures over this module)

/** Installed before any of the page's own scripts: records taps, interactions and the first paint as the browser saw them. */
function recordInThePage(thresholdMs) {
  const flow = { pointerDowns: [], interactions: [], firstPaint: undefined, watch: undefined };
  window.__userFlow = flow;
  // The browser's own input only: a page that re-sends a tap must not move the time the finger landed.
  addEventListener('pointerdown', (event) => event.isTrusted && flow.pointerDowns.push(event.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) flow.interactions.push({ interactionId: entry.interactionId, startTime: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: thresholdMs, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) flow.firstPaint ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });

  const basketCount = () => {
    for (const link of document.querySelectorAll('a')) {
      const shown = /^View basket \((\d+) items?\)/.exec(link.textContent ?? '');
      if (shown && link.checkVisibility()) return Number(shown[1]);
    }
    return 0;
  };
  const menuOpen = () => {
    const button = document.querySelector('button[aria-label="Menu"]');
    const menu = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
    return button?.getAttribute('aria-expanded') === 'true' && Boolean(menu?.checkVisibility());
  };
  flow.basketCount = basketCount;
  /**
   * Watches every frame until `what` shows (`{ basketCount: n }` or `{ menuOpen: true }`): the time of the first frame
   * that draws it, read just before that frame paints.
   */
  flow.startWatching = (what, limitMs) => {
    const shows = () => ('basketCount' in what ? basketCount() >= what.basketCount : menuOpen());
    const started = performance.now();
    flow.watch = { started, done: false, shownAt: null };
    const check = () => {
      const now = performance.now();
      if (shows()) flow.watch = { started, done: true, shownAt: now };
      else if (now - started > limitMs) flow.watch = { started, done: true, shownAt: null };
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
}

// ---------------------------------------------------------------------------------------------------
// The runs (Playwright)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page on the phone's settings, its recorder installed; `cdp` sends taps that do not wait for the page to answer. */
async function phonePage(context) {
  const page = await context.newPage();
  await page.addInitScript(recordInThePage, EVENT_TIMING_THRESHOLD_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { page, cdp };
}

/**
 * A finger's tap as the browser's input layer receives it. Not awaited: a real finger does not wait for a busy main
 * thread, and the page's own timestamps say when it landed.
 */
function tap(cdp, { x, y }) {
  const sent = [
    cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
    cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  ];
  return Promise.all(sent).catch(() => undefined);
}

function centre(box) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The `app:hydrated` mark's time from the navigation, or `null` when the page did not set it within `limitMs`. */
async function hydratedAt(page, limitMs) {
  const mark = await page
    .waitForFunction(() => performance.getEntriesByName('app:hydrated', 'mark')[0]?.startTime, null, { timeout: limitMs })
    .catch(() => null);
  return mark && (await mark.jsonValue());
}

/** Taps `target` once the page has loaded and TAP_AFTER_LOAD_MS passed; how long until `shows` was drawn, and its INP. */
async function tapAfterLoad(context, url, target, shows) {
  const { page, cdp } = await phonePage(context);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await sleep(TAP_AFTER_LOAD_MS);
    // While the app replaces the served page the control may be gone for a moment: a customer taps it when it is back.
    await target(page).waitFor({ state: 'visible', timeout: RESULT_LIMIT_MS });
    const box = await target(page).boundingBox();
    if (!box) throw new Error(`nothing to tap on ${url}`);
    await page.evaluate(({ what, limitMs }) => window.__userFlow.startWatching(what, limitMs), { what: shows, limitMs: RESULT_LIMIT_MS });
    const tapped = tap(cdp, centre(box));
    await page.waitForFunction(() => window.__userFlow.watch.done, null, { timeout: RESULT_LIMIT_MS * 3, polling: 100 });
    await tapped;
    await sleep(EVENT_TIMING_SETTLE_MS);
    return await page.evaluate(() => {
      const flow = window.__userFlow;
      const tappedAt = flow.pointerDowns.find((time) => time >= flow.watch.started);
      const afterTap = flow.interactions.filter((entry) => tappedAt !== undefined && entry.startTime >= tappedAt - 1);
      return {
        visibleMs: flow.watch.shownAt === null || tappedAt === undefined ? null : Math.max(0, flow.watch.shownAt - tappedAt),
        inpMs: afterTap.reduce((longest, entry) => Math.max(longest, entry.duration), 0),
      };
    });
  } finally {
    await page.close();
  }
}

const addButtons = (page) => page.getByRole('button', { name: /^Add .+ to order$/, includeHidden: true });

/**
 * From the first paint of /order on, three dishes' Add tapped QUICK_TAP_GAP_MS apart. Only the first dish's Add fits a
 * phone's first screen, and its option list sets it apart, so the page is scrolled at the first paint to the next
 * three, as a customer who had scrolled there would see them, and each is tapped where it was drawn; the basket's item
 * count then tells how many taps landed.
 */
async function quickTaps(context, url, basketBefore) {
  const { page, cdp } = await phonePage(context);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await page.waitForFunction(
      (count) => {
        const flow = window.__userFlow;
        const buttons = [...document.querySelectorAll('button[aria-label]')].filter((button) => /^Add .+ to order$/.test(button.getAttribute('aria-label')));
        if (flow.firstPaint === undefined || buttons.length < count + 1) return false;
        // Those after the first, which its option list pushes apart from the rest.
        const chosen = buttons.slice(1, count + 1);
        window.scrollTo(0, window.scrollY + chosen[0].getBoundingClientRect().top - 120);
        return chosen.map((button) => button.getBoundingClientRect().toJSON());
      },
      QUICK_TAPS,
      { timeout: 60_000, polling: 'raf' },
    );
    const boxes = await handle.jsonValue();
    const taps = [];
    for (const [index, box] of boxes.entries()) {
      if (index > 0) await sleep(QUICK_TAP_GAP_MS);
      taps.push(tap(cdp, centre(box)));
    }
    await Promise.all(taps);
    // Every tap has had its chance once the basket shows all of them, or once the limit has passed.
    await page
      .waitForFunction((expected) => window.__userFlow.basketCount() >= expected, basketBefore + boxes.length, { timeout: RESULT_LIMIT_MS, polling: 100 })
      .catch(() => undefined);
    // A moment more, so that a tap done twice shows as one too many.
    await sleep(1000);
    const after = await page.evaluate(() => window.__userFlow.basketCount());
    return { tapped: boxes.length, landed: after - basketBefore };
  } finally {
    await page.close();
  }
}

async function hydrationOf(context, url) {
  const { page } = await phonePage(context);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    return await hydratedAt(page, RESULT_LIMIT_MS);
  } finally {
    await page.close();
  }
}

/**
 * A returning customer's device: registered, confirmed and signed in through the site's own pages (the local identity
 * emulator sends every code as 123456), with a dish in the basket. Done unslowed; its storage is what each run restores.
 */
async function returningCustomerState(browser, siteUrl, log) {
  log('User flow: signing up a returning customer and filling their basket…');
  const context = await browser.newContext({ ...PHONE, baseURL: siteUrl });
  try {
    const page = await context.newPage();
    const email = `bench-${Date.now().toString(36)}@example.com`;
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('jasmine-tea-42');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('123456');
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.goto('/order');
    // A dish that none of the runs taps.
    await addButtons(page).nth(QUICK_TAPS + 1).click();
    await page.getByRole('link', { name: /^View basket \(1 item\)/ }).waitFor();
    return { storageState: await context.storageState(), basketCount: 1 };
  } finally {
    await context.close();
  }
}

/**
 * A context per run, so that nothing carries from one run to the next: empty for a first-time visitor; for a returning
 * one, their storage and a cache warmed by an earlier visit to the page, as a phone that has been here before has.
 */
async function visitorContext(browser, siteUrl, visitor, storageState, path) {
  const context = await browser.newContext({ ...PHONE, baseURL: siteUrl, ...(visitor === 'returning' ? { storageState } : {}) });
  if (visitor === 'returning') {
    const earlier = await context.newPage();
    await earlier.goto(path, { waitUntil: 'load' });
    await earlier.close();
  }
  return context;
}

/** `returning` is the returning customer's storage and the number of dishes its basket holds. */
async function oneRun(browser, siteUrl, visitor, returning, log) {
  const { storageState } = returning;
  // What the basket bar shows once the device's basket is restored: a tap's dish comes on top of it.
  const basketBefore = visitor === 'returning' ? returning.basketCount : 0;
  // A measurement that cannot finish (a page that never shows what is to be tapped) counts as its tap lost, and says why.
  const inContext = async (path, measure, failed) => {
    const context = await visitorContext(browser, siteUrl, visitor, storageState, path);
    try {
      return await measure(context, `${siteUrl}${path}`);
    } catch (error) {
      log(`  ${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return failed;
    } finally {
      await context.close();
    }
  };
  const lostTap = { visibleMs: null, inpMs: 0 };
  const order = await inContext('/order', hydrationOf, null);
  const home = await inContext('/', hydrationOf, null);
  const add = await inContext(
    '/order',
    (context, url) => tapAfterLoad(context, url, (page) => addButtons(page).first(), { basketCount: basketBefore + 1 }),
    lostTap,
  );
  const menu = await inContext(
    '/',
    (context, url) =>
      tapAfterLoad(context, url, (page) => page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true }), { menuOpen: true }),
    lostTap,
  );
  const quick = await inContext('/order', (context, url) => quickTaps(context, url, basketBefore), { tapped: QUICK_TAPS, landed: 0 });
  return { hydratedMs: { order, home }, add, menu, quick };
}

function describeRun({ hydratedMs, add, menu, quick }) {
  const time = (ms) => (ms === null ? 'never' : milliseconds(ms));
  return (
    `hydrated /order ${time(hydratedMs.order)}, / ${time(hydratedMs.home)}; Add → basket ${time(add.visibleMs)} (INP ${inpText(add.inpMs)}); ` +
    `menu → open ${time(menu.visibleMs)} (INP ${inpText(menu.inpMs)}); quick taps ${quick.landed} of ${quick.tapped} added`
  );
}

/** Every visitor's RUNS runs (the visitors taking turns, so a burst of other work spreads over both), as table rows. */
export async function measureUserFlow(siteUrl, { executablePath, log = (line) => process.stderr.write(`${line}\n`) }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const returning = await returningCustomerState(browser, siteUrl, log);
    const runsByVisitor = Object.fromEntries(VISITORS.map((visitor) => [visitor, []]));
    for (let round = 1; round <= RUNS; round++) {
      for (const visitor of VISITORS) {
        log(`User flow, ${visitor} visitor: run ${round} of ${RUNS}…`);
        const run = await oneRun(browser, siteUrl, visitor, returning, log);
        log(`  ${describeRun(run)}`);
        runsByVisitor[visitor].push(run);
      }
    }
    return VISITORS.flatMap((visitor) => flowRows(visitor, runsByVisitor[visitor]));
  } finally {
    await browser.close();
  }
}

/** The conditions line printed above the table. */
export const userFlowConditions =
  `User flow: Playwright in Chromium, ${PHONE.viewport.width}×${PHONE.viewport.height} phone with touch, CPU ${CPU_SLOWDOWN}× slower, ` +
  `${NETWORK.latency} ms round trip, 1.6 Mbit/s down, 750 Kbit/s up; median of ${RUNS} runs per visitor.`;
