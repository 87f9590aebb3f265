import type { Loader, LoggerInterface, View } from "vega";
import type { TopLevelSpec } from "vega-lite";
import { scopeSvgIds } from "./scope-svg-ids.ts";
import { svgMarkTitles } from "./svg-mark-titles.ts";

/**
 * A vega loader that never touches the network or the disk: every load is
 * refused, and only in-page links (`#level-12`) pass `sanitize`, so plot
 * points can link to the level cards of the same page.
 */
function offlineLoader(): Loader {
  const refuse = (uri: string) => Promise.reject(new Error(`report/html-plot: refused to load "${uri}" (plots are drawn offline from inline data)`));
  return {
    load: (uri) => refuse(uri),
    http: (uri) => refuse(uri),
    file: (uri) => refuse(uri),
    sanitize: (uri) => (uri.startsWith("#") ? Promise.resolve({ href: uri }) : refuse(uri)),
  };
}

/**
 * A logger for vega-lite and vega that keeps every warning and error
 * instead of printing it (the CLI's stderr stays clean).
 */
function recordingLogger(messages: string[], warn: number): LoggerInterface {
  const keep = (kind: string) => (...args: readonly unknown[]) => {
    messages.push(`${kind} ${args.map(String).join(" ")}`);
    return logger;
  };
  let level = warn;
  const logger: LoggerInterface = {
    level(next?: number) {
      if (next === undefined) return level;
      level = next;
      return logger;
    },
    error: keep("error"),
    warn: keep("warn"),
    info: () => logger,
    debug: () => logger,
  } as LoggerInterface;
  return logger;
}

/**
 * Draws a vega-lite spec (inline data only) as an SVG document in Node:
 * vega-lite compiles it to vega, vega's headless `View.toSVG` renders it,
 * with a loader that refuses every fetch (no network, no CDN). Mark
 * elements that carry a `description` get a `<title>` (hover shows the
 * numbers), and every id is renamed under `idPrefix` so several plots can
 * share one HTML page. Output depends on the spec alone. A warning from
 * vega-lite or vega (a conflicting legend, a field it cannot find) is an
 * error here: the report's specs are meant to compile cleanly. vega and
 * vega-lite (about 0.5 s to load) are imported on the first call only.
 *
 * @param spec a vega-lite 6 top-level spec whose data are `values`.
 * @param idPrefix prefix for the SVG's ids, e.g. `plot-3-`.
 * @throws Error `report/html-plot: ...` when vega-lite or vega rejects the spec or warns about it.
 */
export async function renderVegaLite(spec: TopLevelSpec, idPrefix: string): Promise<string> {
  const [vega, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);
  let view: View | undefined;
  const messages: string[] = [];
  try {
    const logger = recordingLogger(messages, vega.Warn);
    const compiled = compile(spec, { logger }).spec;
    view = new vega.View(vega.parse(compiled), { renderer: "none", loader: offlineLoader(), logger, logLevel: vega.Warn });
    const svg = await view.toSVG();
    if (messages.length) throw new Error(messages.join("; "));
    return scopeSvgIds(svgMarkTitles(svg), idPrefix);
  } catch (err) {
    throw new Error(`report/html-plot: could not draw the plot: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    view?.finalize();
  }
}
