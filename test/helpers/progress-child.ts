// A child process for the Ctrl-C test: draws the build's progress bars on a
// stream that says it is a terminal (forwarding to stdout), then gets SIGINT
// (or the signal named by argv[2]: SIGTERM, SIGHUP) while they draw. It should give the terminal its cursor and line wrap back
// and exit 130; "not interrupted" means the signal was ignored.
import { Writable } from "node:stream";
import { createProgressBars } from "../../src/cli/progress-bars.ts";

const tty = Object.assign(
  new Writable({
    // stdout is a pipe here, which Node writes synchronously on Linux and macOS: done at once, so nothing waits in the stream's buffer at exit
    write(chunk, _encoding, done) {
      process.stdout.write(chunk);
      done();
    },
  }),
  { isTTY: true, columns: 100, rows: 30 },
);
const bars = createProgressBars({ enabled: true, quiet: false, stream: tty, writeLine: (t) => process.stderr.write(t) });
bars.total?.("pools", 10);
bars.advance?.("pools", 3);
setTimeout(() => process.kill(process.pid, (process.argv[2] ?? "SIGINT") as NodeJS.Signals), 300);
setTimeout(() => {
  bars.stop();
  process.stdout.write("not interrupted\n");
}, 5000);
