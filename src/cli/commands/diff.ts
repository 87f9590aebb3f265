import type { Command } from "commander";
import { readLevelsInput } from "../../pipeline/inputs/read-levels-input.ts";
import { diffLevels } from "../../report/diff-levels.ts";
import type { CommandContext } from "../cli-io.ts";
import { forceOption, jsonOption } from "../options.ts";
import { gameOption, openGameOption } from "../game-option.ts";
import { oneLine } from "../../io/hostile/terminal-text.ts";

/**
 * `levelramp diff old.json new.json [--json]`: levels added, removed, moved
 * (old → new number) and changed metrics; either file may be an order (SPEC 3
 * "An order"). Exit 0 when identical, 1 when they differ.
 */
export function registerDiff(program: Command, ctx: CommandContext): void {
  gameOption(program.command("diff"))
    .description("what changed between two levels files (exit 0 identical, 1 different)")
    .argument("<old>", "earlier levels file, or an order (a generic pool whose candidates carry level numbers)")
    .argument("<new>", "later levels file, or an order")
    .addOption(jsonOption("print the diff as JSON on stdout"))
    .action(async (oldFile: string, newFile: string, o: { json?: boolean; game?: string }) => {
      const game = await openGameOption(o.game, ctx);
      const read = async (f: string) => (await readLevelsInput(f, { module: "cli/diff", game })).levels;
      const d = diffLevels(await read(oldFile), await read(newFile));
      if (o.json) ctx.io.stdout(JSON.stringify(d, null, 2) + "\n");
      else {
        const lines: string[] = [];
        if (d.identical) lines.push("identical");
        else {
          lines.push(`${d.added.length} added, ${d.removed.length} removed, ${d.moved.length} moved, ${d.changed.length} metric changes; ${d.renumbered} level numbers hold another level`);
          for (const a of d.added) lines.push(`+ ${a.number}  ${a.id}`);
          for (const r of d.removed) lines.push(`- ${r.number}  ${r.id}`);
          for (const m of d.moved) lines.push(`~ ${m.from} → ${m.to}  ${m.id}`);
          for (const c of d.changed) lines.push(`* ${c.id}  ${c.metric}: ${c.from ?? "-"} → ${c.to ?? "-"}`);
        }
        ctx.io.stdout(lines.map(oneLine).join("\n") + "\n");
      }
      if (!d.identical) ctx.setExitCode(1);
    });
}
