// Worker thread that owns one game program for a thread that calls the game
// synchronously (program-process.ts): it holds the program's connection
// (program-connection.ts: the process, its pipes, lines bounded and checked
// as UTF-8, timeouts, the process tree ended on a fault) and answers each
// request line with the program's response line or the fault, on
// `replyPort`; then it sets `flag[0]` and wakes the caller blocked in
// Atomics.wait on it (the technique of synckit). `flag[1]` holds the
// program's pid once it runs, so the caller can end the program's tree itself
// if this thread stops answering. The package runs its compiled form,
// dist/program/program-host.js; from the sources (tests, benchmarks)
// program-host.dev.js loads this file through tsx.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { ProgramConnection, type ConnectionReply, type ProgramCommand } from "./program-connection.ts";

/** What the calling thread posts: a request line, or the end. */
export type HostRequest = { seq: number; line: string } | { seq: number; close: true };
/** What this thread answers: the connection's reply to the request `seq`. */
export type HostReply = { seq: number } & ConnectionReply;

const { command, flag: flagBuffer, replyPort } = workerData as { command: ProgramCommand; flag: SharedArrayBuffer; replyPort: MessagePort };
const flag = new Int32Array(flagBuffer);
const connection = new ProgramConnection(command);

/** Sends one answer to the calling thread and wakes it. */
function reply(message: HostReply): void {
  replyPort.postMessage(message);
  Atomics.store(flag, 1, connection.pid);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

parentPort!.on("message", (request: HostRequest) => {
  if ("close" in request) {
    void connection.close().then(() => {
      reply({ seq: request.seq, ok: true, line: "" });
      process.exit(0);
    });
    return;
  }
  void connection.exchange(request.line).then((answer) => reply({ seq: request.seq, ...answer }));
});
