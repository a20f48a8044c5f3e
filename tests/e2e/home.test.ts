import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, openPage, saveScreenshot, waitForHydration, browserForFile } from '../support/browser';

// The home page in a real browser (spec section 2 "Home page", section 9 "Carousel
// auto-interval 15000 ms"), on the demo catalogue.

const browser = browserForFile();
const webUrl = inject('webUrl');


/** The position ("n of m") of the slide the carousel shows. */
async function shownSlide(page: Page): Promise<string | null> {
  return page.locator('.carousel-slide:not([aria-hidden])').getAttribute('aria-label');
}

describe('the home carousel', () => {
  it('moves with previous and next, wrapping around at both ends', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/us`);
    const carousel = page.getByRole('region', { name: 'Featured' });
    const count = await carousel.locator('.carousel-slide').count();
    // Five slides with links; the demo's linkless slide is dropped.
    expect(count).toBe(5);
    expect(await shownSlide(page)).toBe(`1 of ${count}`);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    expect(await shownSlide(page)).toBe(`${count} of ${count}`);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await shownSlide(page)).toBe(`1 of ${count}`);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await shownSlide(page)).toBe(`2 of ${count}`);
    // Arrow keys move it too, from the controls.
    await carousel.getByRole('button', { name: 'Next slide' }).press('ArrowRight');
    expect(await shownSlide(page)).toBe(`3 of ${count}`);
    // The shown slide's link goes to its page under the country prefix.
    const href = await page.locator('.carousel-slide:not([aria-hidden]) a').getAttribute('href');
    expect(href).toMatch(/^\/us\//);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('advances every 15 seconds, and holds while the pointer is over it', async () => {
    const context = await browser().newContext(DESKTOP);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${webUrl}/`);
    await waitForHydration(page);
    expect(await shownSlide(page)).toBe('1 of 5');
    await page.clock.runFor(14_000);
    expect(await shownSlide(page)).toBe('1 of 5');
    await page.clock.runFor(1_100);
    await page.waitForFunction(() => document.querySelector('.carousel-slide:not([aria-hidden])')?.getAttribute('aria-label') === '2 of 5');
    // Pointer over the carousel: no rotation however long it stays.
    await page.locator('.carousel').hover();
    await page.waitForSelector('.carousel[data-rotating="false"]');
    await page.clock.runFor(60_000);
    expect(await shownSlide(page)).toBe('2 of 5');
    // Pointer away: a full interval later it moves on.
    await page.mouse.move(5, 790);
    await page.waitForSelector('.carousel[data-rotating="true"]');
    await page.clock.runFor(15_100);
    await page.waitForFunction(() => document.querySelector('.carousel-slide:not([aria-hidden])')?.getAttribute('aria-label') === '3 of 5');
    await context.close();
  });

  it('never rotates for people who prefer reduced motion, unless they press Play', async () => {
    const context = await browser().newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${webUrl}/`);
    await waitForHydration(page);
    await page.clock.runFor(45_000);
    expect(await shownSlide(page)).toBe('1 of 5');
    const play = page.locator('.carousel-play');
    expect(await play.textContent()).toBe('Play the slideshow');
    await play.click();
    await page.mouse.move(5, 790);
    await page.waitForSelector('.carousel[data-rotating="true"]');
    await page.clock.runFor(15_100);
    await page.waitForFunction(() => document.querySelector('.carousel-slide:not([aria-hidden])')?.getAttribute('aria-label') === '2 of 5');
    await context.close();
  });

  it('is a strip of plain links without JavaScript', async () => {
    const context = await browser().newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${webUrl}/au`);
    const links = page.locator('.carousel-slide a');
    expect(await links.count()).toBe(5);
    expect(await page.locator('.carousel-prev').count()).toBe(0);
    await links.first().scrollIntoViewIfNeeded();
    expect(await links.first().isVisible()).toBe(true);
    await context.close();
  });
});

describe('the home page', () => {
  it('shows every section and saves screenshots at desktop and mobile width', async () => {
    for (const [name, options] of [
      ['home-desktop', DESKTOP],
      ['home-mobile', MOBILE],
    ] as const) {
      const context = await browser().newContext(options);
      const { page, problems } = await openPage(context, `${webUrl}/`);
      for (const heading of ['The hot list', 'Offers worth a look', 'Brand spotlight', 'Designer spotlight', 'Beauty store spotlight', "Editor's picks", 'From the fashion blog', 'Showcase']) {
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      // Images are ours and load (no broken pictures).
      const broken = await page.evaluate(async () => {
        const images = [...document.images];
        for (const image of images) image.loading = 'eager';
        const settled = (image: HTMLImageElement) =>
          new Promise<void>((done) => {
            if (image.complete) return done();
            image.addEventListener('load', () => done(), { once: true });
            image.addEventListener('error', () => done(), { once: true });
          });
        await Promise.all(images.map(settled));
        return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
      });
      expect(broken).toEqual([]);
      const file = await saveScreenshot(page, name, { fullPage: true });
      expect(file).toMatch(new RegExp(`${name}\\.png$`));
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('follows a hot-list tile and a showcase link to their pages with the country prefix', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page } = await openPage(context, `${webUrl}/sg`);
    const tile = page.locator('.home-hot-list a').first();
    expect(await tile.getAttribute('href')).toMatch(/^\/sg\/[a-z-]+$/);
    const showcase = page.locator('.home-showcase a', { hasText: 'Fresh sneakers' });
    expect(await showcase.getAttribute('href')).toBe('/sg/men-sneakers?sort=desc');
    await context.close();
  });
});
