// The program host thread when levelramp runs from its TypeScript sources
// (vitest, benchmarks): registers tsx in this thread, then loads
// program-host.ts. Not part of the package: the package's host is the
// compiled dist/program/program-host.js (see program-process.ts).
import { register } from "tsx/esm/api";

register();
await import("./program-host.ts");
