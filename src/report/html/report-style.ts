/** The report page's style sheet (inlined; the page loads nothing). */
export const REPORT_STYLE = `
:root { color-scheme: light; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1240px; padding: 12px 24px 40px; color: #222; background: #f7f7f5; }
h1 { font-size: 22px; margin: 8px 0 4px; }
h2 { font-size: 18px; margin: 0 0 6px; }
h2 small { font-weight: normal; color: #666; font-size: 13px; margin-left: 8px; }
h3 { font-size: 15px; margin: 14px 0 6px; }
.meta { color: #555; margin: 0 0 8px; }
nav.toc { margin: 6px 0 12px; font-size: 13px; }
nav.toc a { margin-right: 6px; }
nav.toc button { font: inherit; margin-left: 8px; }
section { background: #fff; border: 1px solid #e2e2de; border-radius: 8px; padding: 12px 16px; margin: 14px 0; }
figure.plot { margin: 4px 0; overflow-x: auto; }
figure.plot svg { max-width: 100%; height: auto; display: block; }
.chapter-body { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-start; }
table.deviation { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; margin: 4px 0; }
table.deviation th, table.deviation td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; white-space: nowrap; }
table.deviation thead th { background: #f0f0ec; text-align: center; }
table.deviation th.ramp .metric { font-weight: normal; color: #666; }
table.deviation tr.all-row { font-weight: 600; }
.band-good { background: #e2f3e2; }
.band-fair { background: #fff1c2; }
.band-poor { background: #f9d6d5; }
td.breaks, .breaks-list { color: #b0281a; }
ul.intros { margin: 4px 0; padding-left: 20px; }
details.thumbnails { margin-top: 10px; }
details.thumbnails > summary { cursor: pointer; font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(168px, 1fr)); gap: 10px; margin-top: 8px; }
figure.level { margin: 0; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 6px; font-size: 12px; }
figure.level:hover, figure.level:target { border-color: #4c78a8; box-shadow: 0 0 0 2px #4c78a8; }
figure.level .picture img { width: 100%; height: auto; display: block; border-radius: 4px; }

figure.level figcaption { margin-top: 4px; }
figure.level code { font-size: 10px; word-break: break-all; color: #555; }
figure.level .rules span { background: #fdebd0; border-radius: 3px; padding: 0 4px; font-size: 11px; }
figure.level .dev { color: #666; }
figure.level .concepts span { background: #dde8f3; border-radius: 3px; padding: 0 4px; font-size: 11px; }
table.concepts { border-collapse: collapse; font-size: 13px; margin: 4px 0 10px; }
table.concepts th, table.concepts td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
table.concepts thead th { background: #f0f0ec; font-weight: 600; }
table.concepts span.concept { display: inline-block; background: #dde8f3; border-radius: 3px; padding: 0 5px; margin: 1px 2px; white-space: nowrap; }
table.concepts span.concept.intro { background: #f6d5d1; }
table.concepts span.none { color: #888; }
footer { color: #777; font-size: 12px; margin-top: 16px; }
`;
