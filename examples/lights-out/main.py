"""Lights Out as a levelramp game: JSON-RPC 2.0 over newline-delimited JSON (SPEC 10).

One request per line on stdin, one response per line on stdout, in order, flushed
after each line; nothing else is ever written to stdout (logs go to stderr). Exits
with 0 at the end of stdin. Run it by hand:

    echo '{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1}}' | python3 main.py
"""

import json
import sys

sys.dont_write_bytecode = True  # keep the folder free of __pycache__

from picture import picture_of  # noqa: E402 (after the line above)
from puzzle import BadLevel, generate_level, graph_of, key_of, similar_levels, solve_level  # noqa: E402

NAME = "lights-out"
VERSION = "1.0.0"
PROTOCOL = 1  # the protocol version this program speaks (hello checks it both ways)
OPTIONAL = ["key", "graph", "similar", "similarMany", "picture"]

# JSON-RPC 2.0 error codes
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = \
    -32700, -32600, -32601, -32602, -32603


class RpcError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def need(params, name):
    if name not in params:
        raise RpcError(INVALID_PARAMS, f"params.{name}: missing")
    return params[name]


def hello(params):
    if params.get("protocol") != PROTOCOL:
        raise RpcError(INVALID_PARAMS, f"params.protocol: this game speaks protocol {PROTOCOL}, got {params.get('protocol')!r}")
    return {"name": NAME, "version": VERSION, "protocol": PROTOCOL, "methods": OPTIONAL}


def generate(params):
    seed = need(params, "seed")
    if not isinstance(seed, str):
        raise RpcError(INVALID_PARAMS, f"params.seed: expected a string, got {seed!r}")
    aim = params.get("aim")
    if aim is not None and not isinstance(aim, dict):
        raise RpcError(INVALID_PARAMS, "params.aim: expected an object {metric, target}")
    return generate_level(seed, params.get("settings"), aim)


def similar_many(params):
    """similar of one level against many, in one call: the indices of the near copies in b."""
    a, b = need(params, "a"), need(params, "b")
    if not isinstance(b, list):
        raise RpcError(INVALID_PARAMS, "params.b: expected a list of levels")
    same = []
    for i, other in enumerate(b):
        answer = similar_levels(a, other)
        if answer["same"]:
            same.append({"index": i, "why": answer["why"]})
    return {"same": same}


def picture(params):
    try:
        return picture_of(need(params, "level"), params.get("solution"))
    except ValueError as e:
        raise RpcError(INVALID_PARAMS, f"params.{e}")


METHODS = {
    "hello": hello,
    "generate": generate,
    "solve": lambda p: solve_level(need(p, "level")),
    "key": lambda p: {"key": key_of(need(p, "level"))},
    "graph": lambda p: graph_of(need(p, "level")),
    "similar": lambda p: similar_levels(need(p, "a"), need(p, "b")),
    "similarMany": similar_many,
    "picture": picture,
}


def error(id_, code, message):
    return {"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": message}}


def answer(request):
    """The response object for one request object, or None for a notification."""
    if not isinstance(request, dict) or request.get("jsonrpc") != "2.0" or not isinstance(request.get("method"), str):
        rid = request.get("id") if isinstance(request, dict) else None
        return error(rid, INVALID_REQUEST, "expected {jsonrpc: \"2.0\", id, method, params}")
    rid = request.get("id")
    is_notification = "id" not in request
    params = request.get("params")
    params = {} if params is None else params
    try:
        if request["method"] not in METHODS:
            raise RpcError(METHOD_NOT_FOUND, f"no method {request['method']!r} (this game has "
                                             f"{', '.join(METHODS)})")
        if not isinstance(params, dict):
            raise RpcError(INVALID_PARAMS, "params: expected an object")
        result = METHODS[request["method"]](params)
        response = {"jsonrpc": "2.0", "id": rid, "result": result}
    except RpcError as e:
        response = error(rid, e.code, str(e))
    except BadLevel as e:
        response = error(rid, INVALID_PARAMS, f"params.{e}")
    except Exception as e:  # a bug here: say so on stderr, answer an error, keep serving
        print(f"{NAME}: internal error on {request['method']}: {e!r}", file=sys.stderr, flush=True)
        response = error(rid, INTERNAL_ERROR, f"internal error: {e}")
    return None if is_notification else response


def handle(line):
    """The output line (without newline) for one input line, or None."""
    try:
        request = json.loads(line)
    except ValueError as e:
        return json.dumps(error(None, PARSE_ERROR, f"not JSON: {e}"), separators=(",", ":"))
    if isinstance(request, list):  # a JSON-RPC batch: one array of responses
        if not request:
            return json.dumps(error(None, INVALID_REQUEST, "empty batch"), separators=(",", ":"))
        responses = [r for r in map(answer, request) if r is not None]
        return json.dumps(responses, separators=(",", ":")) if responses else None
    response = answer(request)
    return json.dumps(response, separators=(",", ":")) if response is not None else None


def main():
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    while True:
        raw = stdin.readline()
        if not raw:  # end of stdin: levelramp is done with us
            return 0
        line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            continue
        out = handle(line)
        if out is not None:
            try:
                stdout.write(out + "\n")
                stdout.flush()
            except BrokenPipeError:
                return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
