import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-dir.ts";

// The command's code cache (bin/levelramp.js, scripts/bundle-cli.js)
// could crash or run stale code: a flipped byte in the .v8-cache gave SIGTRAP
// or SIGSEGV (V8 does not check a cache's own bytes), a same-length edit of
// the bundle ran the old code (V8 checks only the source's length, and the
// launcher never checked the tag against the content), a half-written bundle
// gave a raw SyntaxError. The launcher now checks a checksum of each (CRC-32) before use
// and compiles afresh on any mismatch. The real launcher runs here on a small
// bundle of the same form as the build's, in a folder of its own.
const launcher = fileURLToPath(new URL("../../bin/levelramp.js", import.meta.url));
const commandThread = fileURLToPath(new URL("../../bin/levelramp-command.cjs", import.meta.url));

/** A bundle as scripts/bundle-cli.js writes it: its tag line, its end line, and between them a script that prints `word` and a little work (so V8 has functions to cache). */
function bundleText(word: string): string {
  const body = `"use strict";\nfunction sum(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }\nfunction say(w) { return w + " " + sum(1000); }\nprocess.stdout.write(say("${word}") + "\\n");\n// levelramp-bundle-end\n`;
  const sum = (crc32(body) >>> 0).toString(16).padStart(8, "0");
  return `// levelramp-bundle ${createHash("sha256").update(body).digest("hex").slice(0, 16)} ${sum}\n${body}`;
}

/** A package folder with the launcher and a bundle; runs and caching as the build does. */
function installed(text: string) {
  const t = tempDir();
  mkdirSync(t.path("bin"));
  mkdirSync(t.path("dist/cli-bundle"), { recursive: true });
  copyFileSync(launcher, t.path("bin/levelramp.js"));
  copyFileSync(commandThread, t.path("bin/levelramp-command.cjs"));
  const bundle = t.path("dist/cli-bundle/levelramp.cjs");
  writeFileSync(bundle, text);
  const run = (env: Record<string, string> = {}) => spawnSync(process.execPath, [t.path("bin/levelramp.js")], { encoding: "utf8", env: { ...process.env, LEVELRAMP_DEBUG: "1", ...env } });
  return { dir: t.dir, bundle, cache: t.path(`dist/cli-bundle/${codeCacheName(text)}`), run };
}

/** The cache's file name for a bundle (the tag on its first line), as scripts/bundle-cli.js names it. */
const codeCacheName = (text: string) => `levelramp.${text.slice("// levelramp-bundle ".length, "// levelramp-bundle ".length + 16)}.v8-cache`;

/** The launcher's word on the cache (LEVELRAMP_DEBUG=1). */
const cacheSays = (stderr: string) => /code cache \S+: (.*)/.exec(stderr)?.[1];

describe("the command's code cache is checked before use", () => {
  it("writes the cache atomically with its checksum, and runs from it", () => {
    const p = installed(bundleText("first"));
    const w = p.run({ LEVELRAMP_WRITE_CODE_CACHE: "1" });
    expect(w.status, w.stderr).toBe(0);
    expect(readdirSync(join(p.dir, "dist/cli-bundle")).sort()).toEqual([codeCacheName(bundleText("first")), "levelramp.cjs"]); // no temp file left
    const raw = readFileSync(p.cache);
    const header = Buffer.from("levelramp-v8-cache 1\n");
    expect(raw.subarray(0, header.length).equals(header)).toBe(true);
    expect(raw.readUInt32BE(header.length)).toBe(crc32(raw.subarray(header.length + 4)) >>> 0);
    const r = p.run();
    expect(r.stdout).toBe("first 2997\n");
    expect(cacheSays(r.stderr)).toBe("used");
  });

  it("a flipped byte in the cache: never used, the command runs right (compiled afresh), on every byte tried", () => {
    const p = installed(bundleText("first"));
    expect(p.run({ LEVELRAMP_WRITE_CODE_CACHE: "1" }).status).toBe(0);
    const good = readFileSync(p.cache);
    // 12 positions spread over the file (the header, the checksum, V8's data), each flipped on its own
    const flips = [0, 5, 21, 24, ...Array.from({ length: 8 }, (_, k) => Math.floor(((k + 0.5) / 8) * good.length))];
    for (const at of flips) {
      const bad = Buffer.from(good);
      bad[at] ^= 0x5a;
      writeFileSync(p.cache, bad);
      const r = p.run();
      expect(r.signal, `byte ${at}: ${r.stderr}`).toBeNull();
      expect(r.status, `byte ${at}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toBe("first 2997\n");
      expect(cacheSays(r.stderr), `byte ${at}`).toMatch(/^(the cache does not match its checksum \(damaged\)|not a levelramp code cache \(no header\)): compiled afresh$/);
    }
  });

  it("a same-length edit of the bundle runs the new code, not the old one from the cache", () => {
    const p = installed(bundleText("first"));
    expect(p.run({ LEVELRAMP_WRITE_CODE_CACHE: "1" }).status).toBe(0);
    // the same length, the old tag kept (an edit by hand, a file changed on disk)
    const edited = readFileSync(p.bundle, "utf8").replace('say("first")', 'say("other")');
    writeFileSync(p.bundle, edited);
    const r = p.run();
    expect(r.stdout).toBe("other 2997\n");
    expect(cacheSays(r.stderr)).toBe("not read: the bundle does not match its checksum (changed since the build): compiled afresh");
    expect(r.stderr).toContain("levelramp: note: the compiled CLI (dist/cli-bundle/levelramp.cjs) changed since the build (it does not match its checksum): it runs as it is, without its code cache");
  });

  it("a half-written bundle is named in one line (exit 2), not a raw SyntaxError, wherever it is cut", () => {
    const text = bundleText("first");
    // cut anywhere: where what is left would not compile, and where it would (and do nothing) — the last statement cut off
    for (const cut of [0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.97].map((share) => Math.floor(text.length * share)).concat(text.indexOf("process.stdout"))) {
      const p = installed(text.slice(0, cut));
      const r = p.run();
      expect(r.status, `${cut}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^levelramp: code cache \S+: not read: the bundle does not match its checksum \(cut short since the build\)/);
      expect(r.stderr.split("\n")[1]).toBe("levelramp: the compiled CLI (dist/cli-bundle/levelramp.cjs) is cut short (its last line is not // levelramp-bundle-end): run `npm run build` again");
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(2);
    }
  });

  it("an edited bundle that does not compile is named in one line (exit 2)", () => {
    const p = installed(bundleText("first").replace("function say(w) {", "function say(w) {{"));
    const r = p.run();
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[1]).toMatch(/^levelramp: the compiled CLI \(dist\/cli-bundle\/levelramp\.cjs\) is damaged \(SyntaxError: .*; it does not match its checksum: changed since the build\): run `npm run build` again$/);
  });
});
