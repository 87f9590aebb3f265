// The command thread's side of the levelramp command (bin/levelramp.js starts it):
// runs the CLI as `npm run build` bundled it, dist/cli-bundle/levelramp.cjs
// (dist/cli/bin.js and what it imports, one CommonJS file; scripts/bundle-cli.js),
// with the V8 code cache the build wrote beside it, so a cold command compiles
// almost nothing. CommonJS, so that a worker thread starting from it needs no ES
// module loader (about 20 ms of CPU of a cold start).
//
// The cache is only a speed-up, used when everything checks out, else the
// bundle is compiled as it runs:
// - the bundle must match the CRC-32 on its first line (of all that follows
//   it): an edited bundle (V8 checks a cache only against the source's
//   length, and would run the old code) runs without the cache, with a note;
//   one cut short (no `// levelramp-bundle-end` last line) does not run at all;
// - the cache must match the CRC-32 in its header: V8 does not check a
//   cache's own bytes, and a damaged one can crash the process (SIGTRAP,
//   SIGSEGV), hang it or run wrong code;
// - V8 refuses one made by another Node version or with other V8 flags
//   (`cachedDataRejected`).
// A bundle cut short, or one that does not compile, is named in one line,
// exit 2: run the build again. LEVELRAMP_DEBUG=1 says on stderr whether the cache was used,
// or why not. LEVELRAMP_WRITE_CODE_CACHE=1 (the build's own runs) writes what
// V8 compiled in this run, on top of the cache it read, at exit (a temp file
// renamed into place).
"use strict";
const { fstatSync, readFileSync, renameSync, writeFileSync, writeSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname, join } = require("node:path");
const vm = require("node:vm");
const { isMainThread, parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");

const file = join(__dirname, "../dist/cli-bundle/levelramp.cjs");
const dir = dirname(file);
/** A code cache file: this header, the CRC-32 of the rest (4 bytes, big-endian), then V8's cached data. */
const CACHE_HEADER = Buffer.from("levelramp-v8-cache 1\n");

/** Runs the command line of this thread's process.argv: reads the bundle and runs it (or says why not). */
function runCommand() {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    if (err?.code !== "ENOENT") throw err;
    process.stderr.write("levelramp: the compiled CLI (dist/cli-bundle/levelramp.cjs) is missing: run `npm run build` (npm ci runs it)\n");
    process.exitCode = 2;
  }
  if (bytes !== undefined) run(bytes);
}

/**
 * CRC-32 (ISO-HDLC, zlib's) of `data`, as an unsigned number. A checksum, not a
 * cryptographic hash: it finds damage and edits; whoever can write the bundle can
 * write this file too. zlib's own (Node ≥ 20.15) costs about 1 ms for both files;
 * node:crypto's SHA-256 cost 10–15 ms of a cold start (loading it, then OpenSSL).
 */
function crc32(data) {
  if (typeof zlib.crc32 === "function") return zlib.crc32(data) >>> 0;
  let table = crc32.table;
  if (!table) {
    table = crc32.table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/**
 * The bundle's tag, whether it matches its checksum (else why not), and whether it
 * is whole: its first line is `// levelramp-bundle <16 hex digits: its build's hash,
 * which names the cache> <8 hex digits: the CRC-32 of all that follows>`, its last
 * `// levelramp-bundle-end` (scripts/bundle-cli.js).
 */
function checkBundle(bytes) {
  const end = bytes.indexOf(10);
  const m = end > 0 ? /^\/\/ levelramp-bundle ([0-9a-f]{16}) ([0-9a-f]{8})$/.exec(bytes.toString("latin1", 0, end)) : null;
  const whole = bytes.toString("latin1", Math.max(0, bytes.length - 64)).endsWith("\n// levelramp-bundle-end\n");
  if (!m) return { whole, why: "no tag on the bundle's first line" };
  const [, tag, sum] = m;
  if (crc32(bytes.subarray(end + 1)) !== parseInt(sum, 16)) return { tag, whole, why: `the bundle does not match its checksum (${whole ? "changed" : "cut short"} since the build): compiled afresh` };
  return { tag, whole };
}

/** V8's cached data from a cache file whose checksum matches, else why not. */
function checkCache(cacheFile) {
  let raw;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return { why: "none" };
  }
  const start = CACHE_HEADER.length + 4;
  if (raw.length <= start || !raw.subarray(0, CACHE_HEADER.length).equals(CACHE_HEADER)) return { why: "not a levelramp code cache (no header): compiled afresh" };
  const data = raw.subarray(start);
  if (crc32(data) !== raw.readUInt32BE(CACHE_HEADER.length)) return { why: "the cache does not match its checksum (damaged): compiled afresh" };
  return { data };
}

/**
 * Runs the bundle's text as Node runs a CommonJS module, through vm.Script with the
 * code cache; the script's import() of a package (vega, highs, ...) or of an outside
 * game's module is this module's (`__levelrampImport`, scripts/bundle-cli.js).
 */
function run(bytes) {
  const bundle = checkBundle(bytes);
  const cacheFile = bundle.tag && join(dir, `levelramp.${bundle.tag}.v8-cache`);
  const cache = bundle.why ? { why: `not read: ${bundle.why}` } : checkCache(cacheFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname, __levelrampImport) {${bytes.toString("utf8")}\n})`;
  const debug = (state) => process.env.LEVELRAMP_DEBUG === "1" && process.stderr.write(`levelramp: code cache ${cacheFile ? join("dist/cli-bundle", `levelramp.${bundle.tag}.v8-cache`) : "(untagged bundle)"}: ${state}\n`);
  // A bundle that does not compile, or (when it does not match its checksum) fails as it starts, is named in one line.
  const damaged = (what) => {
    process.stderr.write(`levelramp: the compiled CLI (dist/cli-bundle/levelramp.cjs) ${what}: run \`npm run build\` again\n`);
    process.exitCode = 2;
  };
  const failed = (err) => `is damaged (${err?.name ?? "Error"}: ${String(err?.message ?? err).split("\n")[0]}; ${bundle.tag && bundle.why ? "it does not match its checksum: changed since the build" : "it matches its checksum"})`;
  if (!bundle.whole) {
    // Cut short (a copy or a build stopped half-way): what is there may even compile and do part of the work.
    debug(cache.why);
    return damaged("is cut short (its last line is not // levelramp-bundle-end)");
  }
  let script;
  try {
    script = new vm.Script(wrapped, { filename: file, cachedData: cache.data });
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    debug(cache.why);
    return damaged(failed(err));
  }
  if (process.env.LEVELRAMP_WRITE_CODE_CACHE === "1" && cacheFile && !bundle.why) {
    process.on("exit", () => {
      const data = script.createCachedData();
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc32(data));
      const temp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, Buffer.concat([CACHE_HEADER, sum, data]));
      renameSync(temp, cacheFile);
    });
  }
  debug(cache.data === undefined ? cache.why : script.cachedDataRejected ? "rejected by V8, compiled afresh" : "used");
  // An edit (or a damaged byte) runs as it is, said once: what runs is not what the build made.
  if (bundle.tag && bundle.why) process.stderr.write("levelramp: note: the compiled CLI (dist/cli-bundle/levelramp.cjs) changed since the build (it does not match its checksum): it runs as it is, without its code cache; `npm run build` makes it again\n");
  const module = { exports: {} };
  const outsideImport = (specifier) => import(specifier);
  try {
    script.runInThisContext()(module.exports, createRequire(file), module, file, dir, outsideImport);
  } catch (err) {
    if (!bundle.why) throw err;
    damaged(failed(err));
  }
}

/**
 * In the command thread: process.stdout and process.stderr are the process's own
 * descriptors 1 and 2, as on the main thread — a terminal (tty.WriteStream: progress
 * bars, colours, its width), a pipe or socket (net.Socket), a file or a device (written
 * synchronously) — not a worker's streams, which would hand every byte to the main
 * thread and are never a terminal. `console` writes to them too. A write to the
 * worker's own streams (one Node makes itself) still goes through the main thread.
 * A terminal's size is read again when the main thread passes SIGWINCH on (a
 * terminal stream reads it on that signal, which only the main thread receives).
 */
function useProcessStdio() {
  const streams = [1, 2].map((fd) => {
    const worker = fd === 1 ? process.stdout : process.stderr;
    const stream = stdioStream(fd);
    stream.fd = fd;
    stream._isStdio = true;
    stream.destroySoon = stream.destroy;
    stream._destroy = (err, cb) => cb(err);
    // The main thread acknowledges bytes written to the worker's stream by calling this method of process.stdout/stderr.
    const ack = Object.getOwnPropertySymbols(Object.getPrototypeOf(worker)).find((k) => k.description === "kStdioWantsMoreDataCallback");
    if (ack) stream[ack] = () => worker[ack]();
    return stream;
  });
  Object.defineProperty(process, "stdout", { configurable: true, enumerable: true, get: () => streams[0] });
  Object.defineProperty(process, "stderr", { configurable: true, enumerable: true, get: () => streams[1] });
  globalThis.console = new (require("node:console").Console)({ stdout: streams[0], stderr: streams[1] });
  if (streams.some((s) => s.isTTY)) {
    parentPort.on("message", (m) => m?.resize === true && streams.forEach((s) => s.isTTY && s._refreshSize?.()));
    parentPort.unref();
  }
}

function stdioStream(fd) {
  let stat;
  try {
    stat = fstatSync(fd);
  } catch {
    return new (require("node:stream").Writable)({ write: (_chunk, _encoding, done) => done() });
  }
  const tty = require("node:tty");
  if (tty.isatty(fd)) return new tty.WriteStream(fd);
  if (stat.isFIFO() || stat.isSocket()) return new (require("node:net").Socket)({ fd, readable: false, writable: true });
  return new (require("node:stream").Writable)({
    write(chunk, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
        done();
      } catch (err) {
        done(err);
      }
    },
  });
}


module.exports = { runCommand };

// Started by bin/levelramp.js as its command thread: the process's own stdout and stderr, then the command.
if (!isMainThread && workerData?.levelrampCommand === true) {
  useProcessStdio();
  runCommand();
}
