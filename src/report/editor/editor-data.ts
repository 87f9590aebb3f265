import type { LevelsFile, ShippedLevel } from "../../io/schemas/levels.ts";
import type { Model } from "../../io/schemas/model.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import type { NamedRamp } from "../html/html-report-data.ts";
import type { EditorCalibration } from "./ramp-units.ts";
import { svgDataUri } from "../html/safe/picture-image.ts";

/** Id of the `<script type="application/json">` block that holds the editor's {@link EditorData}. */
export const EDITOR_DATA_ID = "levelramp-editor-data";

/** The file names the page's command line names (`levelramp select ...`). */
export interface EditorFiles {
  /** The levels file, e.g. `levels.json` (`--from` for kept levels). */
  levels: string;
  /** The pool, as given to `report --pools` (`pools.json` for a build). */
  pools: string;
  /** The plan, when not the game's default (`--plan`); null: the default. */
  plan: string | null;
  /** The model, when the file's embedded model is not the game's default: `model.json`, which the page offers to download; null: the default. */
  model: string | null;
  /** An outside game's game file (`--game`, SPEC 10); absent for a built-in game. */
  game?: string;
}

/** What selection reads in the page: the same inputs `levelramp select` reads, plus the file's order. */
export interface EditorInputs {
  /** The pool without provenance; bodies and solutions kept (the downloaded levels file carries them). */
  pool: Pool;
  plan: Plan;
  /** The levels file's embedded model. */
  model: Model;
  files: EditorFiles;
  /** The file's level order (number → id), to count moved levels. */
  fileLevels: Array<{ number: number; id: string }>;
  /** Levels the file kept from an earlier release (`fixed` kind `keep`): `select --keep ranges --from <levels file>`. */
  kept: { numbers: number[]; option: string; levels: ShippedLevel[] } | null;
  /** The game's own concepts (SPEC 12, `GameBackend.conceptNames`), which its model may name before a candidate carries one, as `select` allows; absent: none. */
  knownConcepts?: string[];
}

/** Which candidates' pictures the page holds (SPEC 8 editor: pictures come from the game at report time). */
export interface EditorPictures {
  /** `all`: every usable candidate's; `shipped`: only the file's levels (their cards), the rest show by id; `none`: the game draws no pictures. */
  embedded: "all" | "shipped" | "none";
  /** Usable (not dropped) candidates with a body, and what all their pictures beyond the shipped ones weigh, in bytes. */
  candidates: number;
  bytes: number;
  /** The budget `bytes` was held against. */
  budget: number;
  /** Candidate id → its picture as a `data:image/svg+xml;base64,` URI (an image, never markup: `svgDataUri`), for candidates not shipped by the file, when `embedded` is `all`. */
  images: Record<string, string>;
}

/** The data behind the ramp editor, embedded in the page as JSON. */
export interface EditorData extends EditorInputs {
  format: "levelramp/editor@1";
  /** The levels file without level bodies and solutions: what the page shows until the first re-selection. */
  file: LevelsFile;
  /** The levels file's ramp: where the editor starts. */
  ramp: Ramp;
  /** Other ramps given to `report --ramp`: drawn and measured beside the edited one. */
  references: NamedRamp[];
  pictures: EditorPictures;
  /** The calibration of the ramp's metric (`report --calibration`, SPEC 11): the page can show and edit the ramp in pass rates. Absent without one. */
  calibration?: EditorCalibration;
}

/** What the report needs to make its page a ramp editor (`renderHtmlReport({ editor })`). */
export interface EditorOptions {
  /** The pool the levels came from (`report --pools`, a build's pools.json). */
  pool: Pool;
  /** The plan the levels were selected with (`report --plan`, default the game's). */
  plan: Plan;
  files: EditorFiles;
  /** Bytes of candidate pictures the page may hold beyond the shipped levels' own (default {@link EDITOR_PICTURE_BUDGET}). */
  pictureBudget?: number;
  /** A calibration of the levels (`report --calibration`): when it is about the ramp's metric and b > 0, the editor offers the ramp in pass rates. */
  calibration?: EditorCalibration;
  /** The game's own concept names (`GameBackend.conceptNames`, SPEC 12), as `select` passes them. */
  knownConcepts?: readonly string[];
  /** How the caller names the plan option in messages (default `a plan`; `report` passes `--plan`). */
  planOption?: string;
}

/** Default picture budget of the editor page: 4 MiB of SVG beyond the shipped levels' pictures (about 5.3 MiB in the page, as base64 data URIs). */
export const EDITOR_PICTURE_BUDGET = 4 * 1024 * 1024;

/** Level numbers as ranges for `--keep`: `1-40,81-85`. */
export function keepRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(sorted[i] === sorted[j] ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(",");
}

/**
 * The selection inputs of a levels file and the pool it came from: the pool
 * without provenance, the plan, the file's model, its order, the levels
 * it kept (`fixed` kind `keep`, which `select --keep ... --from` reproduces)
 * and the game's own concept names.
 * Pure.
 */
export function editorInputs(file: LevelsFile, pool: Pool, plan: Plan, files: EditorFiles, knownConcepts?: readonly string[]): EditorInputs {
  const keptNumbers = (file.fixed ?? []).filter((f) => f.kind === "keep").map((f) => f.level);
  const kept = keptNumbers.length
    ? { numbers: keptNumbers, option: `--keep ${keepRanges(keptNumbers)}`, levels: file.levels.filter((l) => keptNumbers.includes(l.number)) }
    : null;
  const slim: Pool = {
    format: pool.format,
    game: pool.game,
    ...(pool.seed !== undefined ? { seed: pool.seed } : {}),
    candidates: pool.candidates.map(({ provenance: _, ...c }) => c),
    ...(pool.conflicts ? { conflicts: pool.conflicts } : {}),
  };
  return { pool: slim, plan, model: file.model, files, fileLevels: file.levels.map((l) => ({ number: l.number, id: l.id })), kept, ...(knownConcepts?.length ? { knownConcepts: [...knownConcepts] } : {}) };
}

/**
 * Picks which pictures the page embeds: every usable candidate's when their
 * SVG (beyond the file's own levels, whose cards already hold theirs) stays
 * within `budget` bytes, else the file's levels only (the others then show by
 * id). Dropped candidates never ship and get none. The pictures are kept as
 * image data URIs ({@link svgDataUri}): the page shows them through `<img>`,
 * so nothing a game draws can run or fetch anything.
 *
 * @param picture draws one candidate (the game back end's `renderSvg`), or null when the game draws none.
 */
export async function editorPictures(
  file: LevelsFile,
  pool: Pool,
  picture: ((candidate: Pool["candidates"][number]) => Promise<string | null>) | null,
  budget: number,
): Promise<EditorPictures> {
  const usable = pool.candidates.filter((c) => c.dropped === undefined && c.level !== undefined);
  if (!picture || usable.length === 0) return { embedded: "none", candidates: usable.length, bytes: 0, budget, images: {} };
  const shipped = new Set(file.levels.map((l) => l.id));
  const svg: Record<string, string> = {};
  const utf8 = new TextEncoder();
  let bytes = 0;
  for (const c of usable) {
    if (shipped.has(c.id)) continue;
    const s = await picture(c);
    if (s === null) continue;
    svg[c.id] = s;
    bytes += utf8.encode(s).length;
  }
  if (bytes > budget) return { embedded: "shipped", candidates: usable.length, bytes, budget, images: {} };
  const images = Object.fromEntries(Object.entries(svg).map(([id, s]) => [id, svgDataUri(s)]));
  return { embedded: "all", candidates: usable.length, bytes, budget, images };
}
