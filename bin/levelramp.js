#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx's loader, so `npx levelramp`
// works right after `npm ci` with no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
