// Cumulative layout shift of a store page's first load on a 390 px phone, as Chrome reports it (layout-shift
// entries, shifts within 500 ms of input left out, the largest session window of shifts less than 1 s apart and
// at most 5 s long), measured until the elements have settled: the catalog list loaded, and when signed in the
// chosen account shown.
import { adaShops, catalogNamed } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Records the page's layout shifts from its very start, on every load of the context's pages. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value, time: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window of the recorded shifts. */
function cumulativeShift() {
  let largest = 0;
  let window = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { value, time } of globalThis.__shifts) {
    if (time - last > 1000 || time - start > 5000) {
      window = 0;
      start = time;
    }
    window += value;
    last = time;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** What the elements show once they have settled. */
async function settled(page, signedIn) {
  await catalogNamed(page, signedIn ? 'Harvard Lab Supplies' : 'Everyday Essentials').waitFor();
  await page
    .locator('account-sign-in')
    .getByRole('button', { name: signedIn ? 'Sign out' : 'Sign in with Example ID' })
    .waitFor();
  await page.waitForLoadState('networkidle');
  // two frames, so that the last layout has been drawn and reported
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** CLS of the first load of `storeUrl` on a phone, signed out or (after Ada's sign-in in this tab) signed in. */
export async function measureLayoutShift(browser, storeUrl, { signedIn = false, shopperText = '#shopper' } = {}) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(recordShifts);
    if (signedIn) {
      await adaShops(page, { storeUrl, shopperText, expectedText: 'Harvard Computation Lab' });
      await page.reload();
    } else {
      await page.goto(storeUrl);
    }
    await settled(page, signedIn);
    return await page.evaluate(cumulativeShift);
  } finally {
    await context.close();
  }
}

/**
 * The heights of the shopper elements on a phone, signed out: as the server's page lays them out before any script
 * runs (`script: false`), or once they have started and settled.
 */
export async function elementHeights(browser, storeUrl, { script = true } = {}) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: script });
  try {
    const page = await context.newPage();
    await page.goto(storeUrl);
    if (script) await settled(page, false);
    return await page.evaluate(() =>
      ['account-sign-in', 'account-picker', 'catalog-list'].map((tag) =>
        Math.round(document.querySelector(tag).getBoundingClientRect().height),
      ),
    );
  } finally {
    await context.close();
  }
}
