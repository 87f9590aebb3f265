export * from "./deviation-csv.ts";
export * from "./deviation-report.ts";
export * from "./deviation-table.ts";
export * from "./pool-coverage.ts";
export * from "./diff-levels.ts";
export * from "./html/index.ts";
