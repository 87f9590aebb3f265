import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh temp folder with a helper to write JSON (or raw text) files into it. */
export function tempDir(prefix = "levelramp-test-") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    path: (name: string) => join(dir, name),
    write: (name: string, content: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
      return file;
    },
  };
}
