// The hooks of record-imports.mjs: logs each resolved URL once.
import { appendFileSync } from "node:fs";

let file;
const seen = new Set();

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (file && !seen.has(result.url)) {
    seen.add(result.url);
    appendFileSync(file, result.url + "\n");
  }
  return result;
}
