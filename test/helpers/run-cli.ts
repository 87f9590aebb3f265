import { main } from "../../src/cli/main.ts";

/** Runs the CLI in-process and captures what it wrote and its exit code. */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    color: 0,
    stderrIsTTY: false,
  });
  return { code, stdout, stderr };
}
