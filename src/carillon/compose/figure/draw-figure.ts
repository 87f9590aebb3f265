import type { FigureName } from "../../model/compose-model.ts";
import { drawArch } from "./figure-arch.ts";
import { drawBell } from "./figure-bell.ts";
import { drawButterfly } from "./figure-butterfly.ts";
import { drawNestedArches } from "./figure-nested-arches.ts";
import { drawSplitCircle } from "./figure-split-circle.ts";
import type { FigureContext, Layout } from "./layout.ts";

const DRAWERS: Record<FigureName, (ctx: FigureContext) => Layout | null> = {
  arch: drawArch,
  nestedArches: drawNestedArches,
  splitCircle: drawSplitCircle,
  bell: drawBell,
  butterfly: drawButterfly,
};

/**
 * Draws one variation of a named figure (SPEC 4.6): `arch` (level 1),
 * `nestedArches` (2), `splitCircle` (3), `bell` (4, the designer's figure),
 * `butterfly` (5). Null when the drawn variation does not fit its curve.
 */
export function drawFigure(name: FigureName, ctx: FigureContext): Layout | null {
  return DRAWERS[name](ctx);
}
