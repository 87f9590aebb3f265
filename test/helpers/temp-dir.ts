import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh empty folder under the system's temp folder; its path. */
export function tempFolder(prefix = "levelramp-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A fresh temp folder ({@link tempFolder}) with helpers to name files in it and write JSON (or raw text) files into it. */
export function tempDir(prefix = "levelramp-test-") {
  const dir = tempFolder(prefix);
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
