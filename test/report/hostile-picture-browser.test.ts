import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { pathToFileURL, fileURLToPath } from "node:url";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { CHROMIUM, chromiumMissing } from "./offline-chromium.ts";

// SPEC 10 "a picture is an image, never a document": an outside
// game's `picture` SVG was pasted into report.html unchanged, and opened in
// Chromium its <script>, onload and <foreignObject> ran (they changed
// document.title and called a local server) and its external <image> loaded.
// Here a program written to do harm (fixtures/program/hostile-picture.mjs:
// scripts, event attributes, HTML in a foreignObject, a javascript: link,
// external images, CSS @import and url(), an iframe, a breakout from an
// inline <svg>) is built into a report, which is opened in Chromium — online,
// with a local server that counts every request and a route that sees every
// request the page makes. Nothing may run and nothing may leave the page.
const missing = chromiumMissing("the hostile-picture browser test");
const program = fileURLToPath(new URL("../../fixtures/program/hostile-picture.mjs", import.meta.url));

describe.skipIf(missing !== null)("a report built from a hostile game program", () => {
  let server: Server;
  const hits: string[] = [];
  let port = 0;
  let report = "";
  let context: BrowserContext;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? "?");
      res.writeHead(200, { "content-type": "image/svg+xml", "access-control-allow-origin": "*" });
      res.end(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    const t = tempDir();
    // part 1: well-formed hostile SVG (it must still show); part 2: with markup after its root that would break out of an inline <svg>
    const parts = [1, 2].map((part) => ({ part, levels: 3, poolPerLevel: 3, generator: { port, breakout: part === 2 } }));
    const plan = { format: "levelramp/plan@1", game: "hostile-picture", chapters: [{ chapter: 1, parts }] };
    t.write("plan.json", plan);
    t.write("selection.json", { format: "levelramp/model@1", metric: "steps", eligibility: "part", constraints: [{ type: "nonDecreasing", key: "steps" }], objective: { norm: "L1", evenness: 0 } });
    t.write("ramp.json", { format: "levelramp/ramp@1", metric: "steps", points: [[1, 2], [6, 9]], interpolation: "linear" });
    const game = t.write("game.json", { format: "levelramp/game@1", name: "hostile-picture", command: [process.execPath, program], models: { plan: "plan.json", ramp: "ramp.json", selection: "selection.json" } });
    const r = await runCli(["build", game, "--seed", "1", "--workers", "1", "--out", t.path("out"), "--quiet", "--no-table"]);
    expect(r.code, r.stderr).toBe(0);
    report = t.path("out/report.html");
    expect(hits).toEqual([]); // building the report fetched nothing
    context = await chromium.launchPersistentContext(tempDir("levelramp-chromium-profile-").dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: { width: 1280, height: 900 },
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("no script of a picture runs and no request leaves the page (a counting server, every request seen), and the pictures still show", async () => {
    const requests: string[] = [];
    const console: string[] = [];
    // Every request the page makes is seen here and let through (online): the server counts what arrives.
    await context.route("**/*", (route) => {
      requests.push(route.request().url());
      return route.continue();
    });
    const page = await context.newPage();
    page.on("console", (m) => console.push(`${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => console.push(`page error: ${e.message}`));
    await page.goto(pathToFileURL(report).href, { waitUntil: "load" });
    // Let anything that would run late (timers, image loads, the editor's first draw) have its turn; hover the pictures.
    for (const picture of await page.locator(".picture").all()) await picture.hover();
    await page.waitForTimeout(1500);
    const title = await page.title();
    const pwned = await page.evaluate(() => (window as unknown as { pwned?: string[] }).pwned ?? []);
    expect(pwned).toEqual([]);
    expect(title).not.toMatch(/pwned/);
    expect(hits).toEqual([]);
    expect(requests).toEqual([pathToFileURL(report).href]);
    // The page's own scripts ran (the editor started; the report's script folds the thumbnails), so the policy lets them through.
    expect(await page.evaluate(() => (window as unknown as { levelramp?: unknown }).levelramp !== undefined)).toBe(true);
    await page.locator('button[data-thumbnails="fold"]').click();
    expect(await page.locator("details.thumbnails[open]").count()).toBe(0);
    expect(console.filter((m) => /Refused|Content Security Policy|error/i.test(m))).toEqual([]);
    // The pictures are images, one per level card: the well-formed ones (part 1) drawn at the SVG's size; the others a broken image, inert.
    const pictures = page.locator("figure.level .picture img");
    expect(await pictures.count()).toBe(6);
    const sizes = await pictures.evaluateAll((els: HTMLImageElement[]) => els.map((el) => ({ level: Number(el.closest("figure")!.getAttribute("data-level")), w: el.naturalWidth, h: el.naturalHeight, complete: el.complete })));
    for (const size of sizes) {
      expect(size.complete).toBe(true);
      if (size.level <= 3) expect([size.w > 40, size.h]).toEqual([true, 40]);
      else expect([size.w, size.h]).toEqual([0, 0]);
    }
    // The page declares its policy: its own script by hash, images from data: only.
    const html = readFileSync(report, "utf8");
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toMatch(/img-src data:/);
    expect(html).not.toContain(`127.0.0.1:${port}/script`); // the hostile SVG is not in the page as markup (only inside data: URIs)
    // And the policy holds on its own: markup that got into the page anyway (an inline script, an event attribute, an image from elsewhere) is refused.
    await page.evaluate((at) => {
      const script = document.createElement("script");
      script.textContent = "window.pwned = ['injected script']";
      document.body.appendChild(script);
      document.body.insertAdjacentHTML("beforeend", `<img src="${at}/injected-img"><svg onload="window.pwned = ['injected onload']"></svg>`);
    }, `http://127.0.0.1:${port}`);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { pwned?: string[] }).pwned ?? [])).toEqual([]);
    expect(hits).toEqual([]);
    expect(console.filter((m) => /Content Security Policy/.test(m)).length, console.join("\n")).toBeGreaterThanOrEqual(2);
    await page.close();
  }, 90_000);
});
