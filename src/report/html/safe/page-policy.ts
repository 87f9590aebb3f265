import { createHash } from "node:crypto";

/** `'sha256-<base64>'` of a script's or a style's text, as a Content-Security-Policy source names it. */
function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The report page's Content-Security-Policy, as a `<meta http-equiv>` for its
 * `<head>` (SPEC 10: nothing a game program draws can run a script or fetch
 * anything when a report is opened). The page loads nothing and runs only its
 * own inline scripts, so the policy allows exactly that and no more:
 * `default-src 'none'` (no fetch, frame, font, media, worker, connection),
 * `script-src` the SHA-256 of each of the page's scripts (no other inline
 * script, no event attribute, no `javascript:` URL, no eval), `style-src` the
 * SHA-256 of its one `<style>` (no style attribute in the markup; the editor
 * sets styles through the DOM, which a policy does not limit), `img-src
 * data:` (the level pictures, `pictureImage`), `base-uri` and `form-action`
 * `'none'`. A report with a script the policy does not name would not run it:
 * the browser test opens every kind of page and fails on a refusal.
 *
 * @param scripts the exact text of each inline `<script>` that runs (data blocks, `type="application/json"`, are not run and need none).
 * @param style the exact text of the page's `<style>`.
 */
export function pagePolicy(scripts: readonly string[], style: string): string {
  const policy = [
    "default-src 'none'",
    `script-src ${scripts.length ? scripts.map(hashSource).join(" ") : "'none'"}`,
    `style-src ${hashSource(style)}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
}
