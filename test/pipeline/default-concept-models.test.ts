import { describe, expect, it } from "vitest";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { planSlots } from "../../src/select/problem/plan-slots.ts";
import { conceptBreaks } from "../../src/select/rules/concept-breaks.ts";
import { modelFile } from "../helpers/run-cli.ts";

// The default selection models state the articles' "each chapter brings a rule" (SPEC 12): each
// rule of the game is introduced at the first level of the first chapter whose plan brings it —
// numbers that must follow the default plan (a plan change that moves a chapter fails here).
describe.each(["carillon", "apsis"])("the default %s model's concept rules", (game) => {
  it("introduce each of the game's rules exactly at the first level of the first chapter that brings it", async () => {
    const backend = await loadGame(game);
    const plan = readJsonFile(planSchema, modelFile(game, "plan.json"));
    const model = readJsonFile(modelSchema, modelFile(game, "selection.json"));
    const slots = planSlots(plan, () => 0);
    const firstLevel = new Map<string, number>();
    for (const ch of plan.chapters) {
      const first = slots.find((s) => s.chapter === ch.chapter)!.number;
      for (const rule of ch.rules) if (!firstLevel.has(rule)) firstLevel.set(rule, first);
    }
    const stated = model.constraints.flatMap((c) => (c.type === "introduceAt" ? [[c.concept, c.from, c.to]] : []));
    expect(stated).toEqual(backend.conceptNames!.map((c) => [c, firstLevel.get(c), firstLevel.get(c)]));
    // the game's rule chapters as the plan lays them out (every level carrying its chapter's rules) keep them
    const levels = slots.map((s) => ({ number: s.number, chapter: s.chapter, concepts: plan.chapters.find((c) => c.chapter === s.chapter)!.rules }));
    const rules = model.constraints.filter((c) => c.type === "introduceAt");
    expect(conceptBreaks(levels, rules)).toEqual([]);
    // a partial build (any one chapter on its own) reads no window that closed before it
    for (const ch of plan.chapters) expect(conceptBreaks(levels.filter((l) => l.chapter === ch.chapter), rules), `chapter ${ch.chapter}`).toEqual([]);
    // and a rule chapter that came a level late would break its rule
    const late = levels.map((l, i) => (i > 0 && levels[i - 1]!.chapter !== l.chapter && l.concepts.length ? { ...l, concepts: [] } : l));
    expect(conceptBreaks(late, rules).map((b) => b.level)).toEqual(backend.conceptNames!.map((c) => firstLevel.get(c)!));
  });
});
