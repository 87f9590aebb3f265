import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium (package `chromium`); the browser tests drive it with playwright-core. */
export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Why a browser test is skipped (no browser here), or null; says so on the console when it is. */
export function chromiumMissing(test: string): string | null {
  if (existsSync(CHROMIUM)) return null;
  const why = `no browser at ${CHROMIUM}: install Debian's chromium package (apt-get install -y chromium) to run ${test}`;
  console.warn(`${test}: SKIPPED — ${why}`);
  return why;
}

/**
 * Chromium with a fresh profile, offline, 1280 × 900, where anything but a
 * `.html` file (the page itself) is a failure: the request is aborted and
 * noted in `problems` (a report page loads nothing).
 */
export async function offlineChromium(problems: string[], options: { acceptDownloads?: boolean } = {}): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "levelramp-chromium-profile-")), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    offline: true,
    acceptDownloads: options.acceptDownloads ?? false,
  });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") && url.endsWith(".html")) return route.continue();
    problems.push(`request left the page: ${url}`);
    return route.abort();
  });
  return context;
}

/** Opens a page file; its console errors and warnings and page errors go to `problems`, named by `label`. */
export async function openPage(context: BrowserContext, file: string, label: string, problems: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${label}: console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
  await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
  return page;
}
