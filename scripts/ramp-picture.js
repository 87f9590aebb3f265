// `node scripts/ramp-picture.js REPORT.html OUT.png [WIDTH]`: the whole-game plot of a report page
// (its first `figure.plot`, the ramp against the levels chosen, by chapter) as a PNG, drawn with the
// package's own svgToPng and bundled font. The README's picture is made so, after `npm run build`:
//   npx levelramp build apsis --chapters 1-10 --seed 1 --out out/apsis-1-10 --force
//   node scripts/ramp-picture.js out/apsis-1-10/report.html docs/images/ramp-plot.png 1650
import { readFileSync, writeFileSync } from "node:fs";
import { svgToPng } from "../dist/render/svg-to-png.js";

const [page, out, width = "1650"] = process.argv.slice(2);
if (!page || !out) {
  console.error("usage: node scripts/ramp-picture.js REPORT.html OUT.png [WIDTH]");
  process.exit(2);
}
const html = readFileSync(page, "utf8");
const svg = /<figure class="plot[^"]*">(<svg[\s\S]*?<\/svg>)/.exec(html)?.[1];
if (!svg) {
  console.error(`ramp-picture: ${page}: no plot (expected a levelramp report page)`);
  process.exit(2);
}
writeFileSync(out, svgToPng(svg, { width: Number(width), background: "#fff" }));
console.error(`ramp-picture: wrote ${out}`);
