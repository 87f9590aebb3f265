/**
 * A named point where a test can stop the process on purpose (fault
 * injection, SPEC 2 outputs-as-a-set): when the environment variable
 * `LEVELRAMP_TEST_KILL_AT` equals `name` (e.g. `set-rename-2`), the process
 * kills itself with SIGKILL there — no clean-up, no exit handler, as a power
 * cut or `kill -9` would; when `LEVELRAMP_TEST_SIGINT_AT` equals `name`, it
 * sends itself SIGINT there, as a Ctrl-C at that moment would. Unset (always,
 * outside tests), it does nothing.
 */
export function faultPoint(name: string): void {
  if (process.env.LEVELRAMP_TEST_KILL_AT === name) process.kill(process.pid, "SIGKILL");
  if (process.env.LEVELRAMP_TEST_SIGINT_AT === name) process.kill(process.pid, "SIGINT");
}
