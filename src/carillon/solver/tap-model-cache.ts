import type { CarillonBody } from "../level/carillon-body.ts";
import { compileField, type CarillonField } from "../level/compile-field.ts";
import { ringFrames, type RingFrames } from "../level/ring-frames.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { plainTapModel } from "./plain-tap-model.ts";
import { RulesLowerBound } from "./rules-lower-bound.ts";
import { rulesTapModel, type SharedLowerBound } from "./rules-tap-model.ts";
import type { TapModel } from "./tap-model.ts";

/**
 * Everything that decides a field's rings (SPEC 4.1, 4.4): the field's size
 * and, per dot, centre, size, reach, horn facing, drifter step and whether it
 * is an echo stone. Two fields with the same key have the same ring frames.
 */
export function geometryKey(field: CarillonField): string {
  const parts: string[] = [`${field.width}x${field.height}`];
  for (let d = 0; d < field.count; d++) {
    const echo = field.marks[d]?.kind === "echo" ? "e" : "";
    parts.push(`${field.x[d]},${field.y[d]},${field.sizes[d]},${field.reach[d]},${field.facing[d]},${field.stepX[d]},${field.stepY[d]}${echo}`);
  }
  return parts.join(";");
}

/**
 * What the rules' lower bound reads besides the rings: duet partners, heavy
 * bells and home notes ({@link RulesLowerBound}). Two fields with the same
 * geometry key and this key have the same bound in every state: a round bell,
 * for one, never enters it.
 */
export function boundKey(field: CarillonField): string {
  return `${Array.from(field.partner).join(",")}|b${field.byMark.bell.join(",")}|h${field.byMark.home.join(",")}`;
}

/**
 * Tap models for many bodies of one field (the draws of a grown field, and
 * "every mark matters" removing one mark at a time, SPEC 4.5), sharing what
 * does not change between them: bodies with the same rings
 * ({@link geometryKey}) share their ring frames, and bodies that also have
 * the same bound ({@link boundKey}) share the lower bound and the bounds it
 * has already computed, by state. Removing a round bell, a home note or a
 * heavy bell changes no ring, and removing a round bell changes no bound.
 * Every answer is the same as with models built apart (the shared parts are
 * functions of the keys); only the work differs. Built for one
 * `models.physics`.
 */
export class TapModelCache {
  private readonly frames = new Map<string, RingFrames>();
  private readonly bounds = new Map<string, SharedLowerBound>();
  /** Models built, and how many of them found their ring frames, and their bounds, already made. */
  readonly counts = { models: 0, framesShared: 0, boundsShared: 0 };

  constructor(private readonly models: CarillonModels) {}

  /**
   * The tap model of `body`: the plain closure model on a plain body, the
   * rules' model (with shared frames and bound) on a marked one.
   *
   * @throws InputError (exit 2) for a malformed mark.
   */
  model(body: CarillonBody): TapModel {
    const field = compileField(body, this.models.physics);
    if (!field.marked) return plainTapModel(field);
    this.counts.models++;
    const geometry = geometryKey(field);
    let frames = this.frames.get(geometry);
    if (frames) this.counts.framesShared++;
    else {
      frames = ringFrames(field);
      this.frames.set(geometry, frames);
    }
    const key = `${geometry}|${boundKey(field)}`;
    let bound = this.bounds.get(key);
    if (bound) this.counts.boundsShared++;
    else {
      bound = { bound: new RulesLowerBound(field, frames), values: new Map() };
      this.bounds.set(key, bound);
    }
    return rulesTapModel(field, { frames, sharedBound: bound });
  }
}
