import type { CarillonState } from "../level/carillon-state.ts";
import { addDot, emptyDotSet, hasDot, intersectionCount, isEmptyDotSet, removeDot } from "../level/dot-set.ts";
import { echoSizes } from "../level/echo-sizes.ts";
import { strongSourceCount } from "./strong-sources.ts";
import type { CarillonField } from "../level/compile-field.ts";
import { popEdges, type PopEdges } from "./pop-edges.ts";
import type { RingFrames } from "../level/ring-frames.ts";

/**
 * The solver's admissible lower bound on a field with rules (SPEC 4.5): the
 * number of source components, among the remaining dots, of the graph of
 * edges that can still carry a pop. A source component has no remaining dot
 * outside it that can pop it, so one of its dots must be tapped: every rule
 * only takes pops away from that graph (a bell needing two hits, a round
 * bell out of turn, a lost home note) or is already in it (a horn's cone, an
 * echo stone's ring for every size it can echo, a duet both ways).
 *
 * - **Heavy bells**: a dot pops at most once, so an uncracked bell that at
 *   most one remaining dot can reach can never get its two hits: its edges in
 *   are dropped and it counts as a start of its own.
 * - **Drifters**: the graph is the union over the tap counts the search may
 *   still use (`state.taps … state.taps + horizon − 1`), so it holds however
 *   the drifters move. Without a horizon a moving field gets the weak bound
 *   "1 while dots remain".
 * - **Home notes**: a home's ring arrives after the moment it pops, and any
 *   dot still on the field then loses the level; so a source component of
 *   the remaining dots *without the homes* (something only a home can pop)
 *   needs a tap of its own, and a home no other remaining dot can reach
 *   needs one more. The bound is the larger of this count and the plain one.
 * - **Round bells**: not used (pops only go missing), so the bound is weaker
 *   there but still admissible.
 */
export class RulesLowerBound {
  private readonly echo: number[][];
  private readonly edges = new Map<string, PopEdges>();
  /** Bounds computed so far. */
  calls = 0;

  constructor(
    private readonly field: CarillonField,
    private readonly frames: RingFrames,
  ) {
    this.echo = echoSizes(field, frames, field.count);
  }

  /**
   * A lower bound on the taps needed to clear `state` within `horizon` more
   * taps (Infinity for a lost state, 0 for a cleared one).
   */
  bound(state: CarillonState, horizon?: number): number {
    if (state.lost) return Infinity;
    if (isEmptyDotSet(state.alive)) return 0;
    this.calls++;
    if (this.frames.moves && horizon === undefined) return 1;
    const first = this.frames.moves ? state.taps : 0;
    const last = this.frames.moves ? state.taps + Math.max(0, (horizon as number) - 1) : 0;
    const key = `${first}-${last}`;
    let edges = this.edges.get(key);
    if (!edges) {
      edges = popEdges(this.field, this.frames, this.echo, first, last);
      this.edges.set(key, edges);
    }
    const skip = emptyDotSet(this.field.count);
    for (const b of this.field.byMark.bell) {
      if (hasDot(state.alive, b) && !hasDot(state.cracked, b) && intersectionCount(edges.inn[b], state.alive) <= 1) addDot(skip, b);
    }
    const plain = strongSourceCount(edges.out, state.alive, skip, this.field.count);
    const homes = this.field.byMark.home.filter((h) => hasDot(state.alive, h));
    if (homes.length === 0) return plain;
    // Home notes: a home's ring arrives after its moment, so whatever only a home can pop needs a tap of its own.
    const rest = state.alive.slice();
    for (const h of homes) removeDot(rest, h);
    if (isEmptyDotSet(rest)) return Math.max(plain, 1);
    let homeTap = 1;
    for (const h of homes) if (intersectionCount(edges.inn[h], rest) > 0) homeTap = 0;
    return Math.max(plain, strongSourceCount(edges.out, rest, skip, this.field.count) + homeTap);
  }
}
