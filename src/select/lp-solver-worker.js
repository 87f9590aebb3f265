// Worker thread that runs javascript-lp-solver, so a hard deadline can stop it
// (its own timeout is only checked between branch-and-bound nodes, never inside
// a simplex): the parent terminates this thread when time is up.
import { parentPort } from "node:worker_threads";
import solver from "javascript-lp-solver";

parentPort.on("message", (model) => {
  try {
    parentPort.postMessage({ ok: true, result: solver.Solve(model) });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
});
