import { apsisDedupGame } from "../apsis/dedup/apsis-dedup-index.ts";
import { carillonDedupGame } from "../carillon/dedup/carillon-dedup-index.ts";
import { compareApsis } from "../apsis/dedup/compare-apsis.ts";
import { compareCarillon } from "../carillon/dedup/compare-carillon.ts";
import type { ApsisDedupLevel } from "../apsis/dedup/prepare-apsis-level.ts";
import type { CarillonDedupLevel } from "../carillon/dedup/prepare-carillon-level.ts";
import type { DedupGame } from "../dedup/dedup-index.ts";
import { defaultDedupThresholds } from "../dedup/dedup-thresholds.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import type { ApsisBody } from "../io/schemas/apsis-body.ts";
import type { CarillonBody } from "../io/schemas/carillon-body.ts";
import { apsisDedupRecord } from "../apsis/dedup/apsis-dedup-record.ts";
import { carillonDedupRecord } from "../carillon/dedup/carillon-dedup-record.ts";
import type { GameBackend } from "../game/game-backend.ts";
import { pipelineBackend, type PipelineGame } from "./pipeline-backend.ts";

export type { PipelineGame } from "./pipeline-backend.ts";

/** What the pipeline needs of one game: its back end and its de-duplication (SPEC 7). */
export interface GameKit {
  readonly game: PipelineGame;
  readonly backend: GameBackend<unknown, unknown>;
  /** The de-duplication record of a body, built from the engine (reach graph / block graph, winning first taps). */
  dedupRecord(body: unknown): unknown;
  /** The full comparison of two records (every transform; `levelramp compare`). */
  compare(a: unknown, b: unknown): DedupComparison<unknown>;
  /** The game's de-duplication rules over prepared records (bucket, exact keys, prefilter, full comparison). */
  readonly dedupGame: DedupGame<unknown, unknown, DedupComparison<unknown>>;
}

const kits = new Map<PipelineGame, GameKit>();

/**
 * The kit of `carillon` or `apsis`, built once per process (the dedup
 * thresholds come from `models/dedup/thresholds.json`).
 *
 * @throws InputError (exit 2) for any other name.
 */
export function gameKit(game: string): GameKit {
  const backend = pipelineBackend(game);
  let kit = kits.get(game as PipelineGame);
  if (kit) return kit;
  const thresholds = defaultDedupThresholds();
  kit =
    game === "carillon"
      ? {
          game,
          backend,
          dedupRecord: (body) => carillonDedupRecord(body as CarillonBody),
          compare: (a, b) => compareCarillon(a as CarillonDedupLevel, b as CarillonDedupLevel, thresholds),
          dedupGame: carillonDedupGame(thresholds) as DedupGame<unknown, unknown, DedupComparison<unknown>>,
        }
      : {
          game: "apsis",
          backend,
          dedupRecord: (body) => apsisDedupRecord(body as ApsisBody),
          compare: (a, b) => compareApsis(a as ApsisDedupLevel, b as ApsisDedupLevel, thresholds),
          dedupGame: apsisDedupGame(thresholds) as DedupGame<unknown, unknown, DedupComparison<unknown>>,
        };
  kits.set(kit.game, kit);
  return kit;
}
