// Worker thread that owns one game program for a thread that calls the game
// synchronously (program-process.ts): it runs the program's asynchronous
// client (program-client.ts) and answers each call on `replyPort`, then sets
// `flag[0]` and wakes the caller blocked in Atomics.wait on it (the technique
// of synckit). `flag[1]` holds the program's pid once it runs, so the caller
// can end the program's tree itself if this thread stops answering.
// The package runs its compiled form, dist/program/program-host.js; from the
// sources (tests, benchmarks) program-host.dev.js loads this file through tsx.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { ProgramFault } from "../io/errors.ts";
import { ProgramClient } from "./program-client.ts";
import type { ProgramGame } from "./read-game-file.ts";
import type { Method } from "./wire-results.ts";

/** What the calling thread posts: a call, `hello`, or the end. */
export type HostRequest = { seq: number; method: Exclude<Method, "hello">; params: unknown } | { seq: number; hello: true } | { seq: number; close: true };
/** What this thread answers: a result, a fault's message, or that the program is closed. */
export type HostReply = { seq: number; ok: true; result: unknown } | { seq: number; ok: false; fault: string };

const { game, forwardStderr, flag: flagBuffer, replyPort } = workerData as { game: ProgramGame; forwardStderr: boolean; flag: SharedArrayBuffer; replyPort: MessagePort };
const flag = new Int32Array(flagBuffer);
const client = new ProgramClient(game, { forwardStderr });

/** Sends one answer to the calling thread and wakes it. */
function reply(message: HostReply): void {
  replyPort.postMessage(message);
  Atomics.store(flag, 1, client.pid);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

parentPort!.on("message", (request: HostRequest) => {
  if ("close" in request) {
    void client.close().then(() => {
      reply({ seq: request.seq, ok: true, result: null });
      process.exit(0);
    });
    return;
  }
  const work = "hello" in request ? client.hello().then((info) => ({ ...info, methods: [...info.methods] })) : client.call(request.method, request.params);
  work.then(
    (result) => reply({ seq: request.seq, ok: true, result }),
    (err: unknown) => {
      if (!(err instanceof ProgramFault)) throw err;
      reply({ seq: request.seq, ok: false, fault: err.message.replace(/^program\/wire: /, "") });
    },
  );
});
