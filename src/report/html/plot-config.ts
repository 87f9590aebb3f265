/** The vega-lite config every report plot shares: one font family, quiet axes. */
export const PLOT_CONFIG = {
  font: "sans-serif",
  background: "white",
  view: { stroke: "#ddd" },
  axis: { labelFontSize: 11, titleFontSize: 12, gridColor: "#eee" },
  legend: { labelFontSize: 11, titleFontSize: 11 },
};
