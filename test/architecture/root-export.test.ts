import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The package root (src/index.ts) is the designer's API: at most 80 names, each with TSDoc where it is
// declared. Everything else of a layer is its subpath (package.json "exports": levelramp/select, ...).

const ROOT = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
const MAX_NAMES = 80;

/** The root's exported names, and those whose declaration carries no TSDoc. */
function rootExports(): { names: string[]; undocumented: string[] } {
  const program = ts.createProgram([ROOT], { allowImportingTsExtensions: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(ROOT)!)!;
  const exported = checker.getExportsOfModule(symbol);
  const undocumented = exported
    .filter((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === "";
    })
    .map((s) => s.getName());
  return { names: exported.map((s) => s.getName()).sort(), undocumented: undocumented.sort() };
}

describe("the package root (src/index.ts)", () => {
  const { names, undocumented } = rootExports();

  it(`exports at most ${MAX_NAMES} names: the jobs, the formats, the games and what a designer composes by hand`, () => {
    expect(names.length).toBeLessThanOrEqual(MAX_NAMES);
    for (const job of ["buildLevelSet", "selectLevels", "reportLevels", "verifyLevels", "calibrate", "openGame"]) expect(names).toContain(job);
    // numeric and solver internals are not the designer's API
    for (const internal of ["newtonMaximise", "log1pExp", "solveDp", "compileMilp", "hopcroftKarp"]) expect(names).not.toContain(internal);
  });

  it("documents each name where it is declared", () => {
    expect(undocumented).toEqual([]);
  });
});
