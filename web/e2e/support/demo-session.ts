/**
 * A test file's browser and demo video, made once, and a fresh context per test whose page errors fail the test:
 * the setup of the browser tests that start from the demo video.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage } from './browser';
import { makeDemoVideo, type DemoVideo } from './demo-video';

export interface DemoSession {
  /** The demo video's file. */
  video(): string;
  /** A fresh context and its page (desktop unless a viewport is given); the test fails if the page throws. */
  open(viewport?: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }>;
}

export function useDemoSession(): DemoSession {
  let browser: Browser;
  let demo: DemoVideo;
  let context: BrowserContext | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    [browser, demo] = await Promise.all([launchBrowser(), makeDemoVideo()]);
  }, 120_000);

  afterAll(async () => {
    await browser.close();
    demo.remove();
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  return {
    video: () => demo.path,
    async open(viewport = DESKTOP) {
      const opened = await openPage(browser, viewport);
      context = opened.context;
      pageErrors = [];
      opened.page.on('pageerror', (error) => pageErrors.push(error.message));
      return opened;
    },
  };
}
