// Worker thread that runs javascript-lp-solver, so a hard deadline can stop it
// (its own timeout is only checked between branch-and-bound nodes, never inside
// a simplex): the parent terminates this thread when time is up. A solve that
// reaches its own timeout is reported as cut short (its answer is only the
// best incumbent).
import { parentPort } from "node:worker_threads";
import solver from "javascript-lp-solver";

parentPort.on("message", ({ model, timeout }) => {
  const started = Date.now();
  try {
    const result = solver.Solve(model);
    parentPort.postMessage({ ok: true, result, cutShort: timeout !== undefined && Date.now() - started >= timeout });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
});
