import { fileURLToPath } from "node:url";
import { main } from "../../src/cli/main.ts";

/** What one CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the levelramp CLI in this process with captured, non-terminal, colourless streams. */
export async function runCli(argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), color: 0, stderrIsTTY: false });
  return { code, stdout, stderr };
}

/** Path of a fixture, `fixtures/<path>`. */
export function fixture(path: string): string {
  return fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
}

/** Path of a bundled model file, `models/<game>/<file>`. */
export function modelFile(game: string, file: string): string {
  return fileURLToPath(new URL(`../../models/${game}/${file}`, import.meta.url));
}
