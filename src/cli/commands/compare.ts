import type { Command } from "commander";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import type { Game } from "../../game/game.ts";
import { readGameLevelInput } from "../../game/registry/read-game-file.ts";
import { compareLevels } from "../../pipeline/verify/compare-levels.ts";
import type { CommandContext } from "../cli-io.ts";
import { jsonOption, parseLevel } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";

/** `levelramp compare` (SPEC 2, 7): are two levels of one game the same ({@link compareLevels})? Exit 0 same, 1 not the same, 2 bad input. */
export function registerCompare(program: Command, ctx: CommandContext): void {
  gameOption(program.command("compare"))
    .description("are two levels the same (SPEC 7)? prints a sentence, or {same, reasons, transform, matched} with --json; exit 0 same, 1 not")
    .argument("<a>", "a level file, or a levels file with --level/--level-a")
    .argument("<b>", "a level file, or a levels file with --level/--level-b")
    .option("--level <n>", "level number in the levels file(s) (both, when both are levels files)")
    .option("--level-a <n>", "level number in <a>")
    .option("--level-b <n>", "level number in <b>")
    .addOption(jsonOption("print {same, reasons, transform, matched, basis, share} on stdout"))
    .action(async (a: string, b: string, o: { level?: string; levelA?: string; levelB?: string; json?: boolean; game?: string }) => {
      // every option checked before a file is read or a game program started
      const both = parseLevel("cli/compare", o.level);
      const levelA = parseLevel("cli/compare", o.levelA, "--level-a") ?? both;
      const levelB = parseLevel("cli/compare", o.levelB, "--level-b") ?? both;
      const given = await openGameOption(o.game, ctx);
      const { value: la, game } = await readGameLevelInput(a, levelA, given, { level: "--level N" });
      const { value: lb } = await readGameLevelInput(b, levelB, given, { level: "--level N" });
      const c = await compareLevels(game!, la, lb, [a, b]);
      ctx.io.stdout(compareText(c, game!, o.json));
      // Like diff: exit 0 when the answer is "same", 1 when it is "not the same" (SPEC 2: the work ran, the answer is no).
      if (!c.same) ctx.setExitCode(1);
    });
}

/** What `compare` prints: the comparison as JSON, or in the game's words. */
function compareText(c: DedupComparison<unknown>, game: Game, json: boolean | undefined): string {
  if (json) return JSON.stringify(c, null, 2) + "\n";
  const { dedup, pieces } = game;
  if (dedup.describeComparison) return `${dedup.describeComparison(c)}\n`;
  const unit = pieces.many;
  const how = c.transform ? ` under ${dedup.describeTransform(c.transform)}` : "";
  return c.same
    ? `same (${c.reasons.join(", ")}): ${c.transform ? `the second level is the first${how}` : c.basis === "puzzle" || c.basis === "chains" ? `matched through their graphs` : "matched"}; ${c.matched.length} ${unit} matched (${(c.share * 100).toFixed(0)}% of the larger level)\n`
    : `not the same: ${c.basis === "closest" ? `at best ${c.matched.length} ${c.matched.length === 1 ? `${pieces.one} matches` : `${unit} match`}${how}` : `no ${unit} match under any turn or mirror`} (${(c.share * 100).toFixed(0)}% of the larger level)\n`;
}
