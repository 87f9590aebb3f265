#!/usr/bin/env node
// Rush Hour as a levelramp game: JSON-RPC 2.0 over newline-delimited JSON (SPEC 10).
//
// One request per line on stdin, one response per line on stdout, in order; nothing
// else is ever written to stdout (logs go to stderr). Requests are handled one at a
// time, synchronously, so answers cannot overtake each other; the process ends at the
// end of stdin. Run it by hand:
//
//   echo '{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1}}' | node main.mjs

import { createInterface } from 'node:readline';
import { pictureOf } from './picture.mjs';
import { BadLevel, generateLevel, keyOf, similarLevels, solveLevel } from './puzzle.mjs';

const NAME = 'rush-hour';
const VERSION = '1.0.0';
const PROTOCOL = 1; // the protocol version this program speaks (hello checks it both ways)

// JSON-RPC 2.0 error codes
const PARSE_ERROR = -32700, INVALID_REQUEST = -32600, METHOD_NOT_FOUND = -32601,
  INVALID_PARAMS = -32602, INTERNAL_ERROR = -32603;

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function need(params, name) {
  if (!(name in params)) throw new RpcError(INVALID_PARAMS, `params.${name}: missing`);
  return params[name];
}

const METHODS = {
  hello(params) {
    if (params.protocol !== PROTOCOL) {
      throw new RpcError(INVALID_PARAMS, `params.protocol: this game speaks protocol ${PROTOCOL}, got ${JSON.stringify(params.protocol)}`);
    }
    return { name: NAME, version: VERSION, protocol: PROTOCOL, methods: ['key', 'similar', 'picture'] };
  },
  generate(params) {
    const seed = need(params, 'seed');
    if (typeof seed !== 'string') throw new RpcError(INVALID_PARAMS, `params.seed: expected a string, got ${JSON.stringify(seed)}`);
    const aim = params.aim ?? null;
    if (aim !== null && (typeof aim !== 'object' || Array.isArray(aim))) {
      throw new RpcError(INVALID_PARAMS, 'params.aim: expected an object {metric, target}');
    }
    return generateLevel(seed, params.settings, aim);
  },
  solve: (params) => solveLevel(need(params, 'level')),
  key: (params) => ({ key: keyOf(need(params, 'level')) }),
  similar: (params) => similarLevels(need(params, 'a'), need(params, 'b')),
  picture: (params) => pictureOf(need(params, 'level'), params.solution),
};

const error = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The response object for one request object, or null for a notification (no id). */
function answer(request) {
  if (request === null || typeof request !== 'object' || Array.isArray(request)
    || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    const id = request !== null && typeof request === 'object' && !Array.isArray(request) ? request.id ?? null : null;
    return error(id, INVALID_REQUEST, 'expected {jsonrpc: "2.0", id, method, params}');
  }
  const id = request.id ?? null;
  let response;
  try {
    if (!Object.hasOwn(METHODS, request.method)) {
      throw new RpcError(METHOD_NOT_FOUND, `no method "${request.method}" (this game has ${Object.keys(METHODS).join(', ')})`);
    }
    const params = request.params ?? {};
    if (typeof params !== 'object' || Array.isArray(params)) throw new RpcError(INVALID_PARAMS, 'params: expected an object');
    response = { jsonrpc: '2.0', id, result: METHODS[request.method](params) };
  } catch (e) {
    if (e instanceof RpcError) response = error(id, e.code, e.message);
    else if (e instanceof BadLevel) response = error(id, INVALID_PARAMS, `params.${e.message}`);
    else {
      // a bug here: say so on stderr, answer an error, keep serving
      process.stderr.write(`${NAME}: internal error on ${request.method}: ${e?.stack ?? e}\n`);
      response = error(id, INTERNAL_ERROR, `internal error: ${e?.message ?? e}`);
    }
  }
  return 'id' in request ? response : null;
}

/** The output line for one input line, or null (a notification, a blank line). */
function handle(line) {
  if (line.trim() === '') return null;
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return JSON.stringify(error(null, PARSE_ERROR, `not JSON: ${e.message}`));
  }
  if (Array.isArray(request)) { // a JSON-RPC batch: one array of responses
    if (request.length === 0) return JSON.stringify(error(null, INVALID_REQUEST, 'empty batch'));
    const responses = request.map(answer).filter((r) => r !== null);
    return responses.length ? JSON.stringify(responses) : null;
  }
  const response = answer(request);
  return response === null ? null : JSON.stringify(response);
}

// stdout to a pipe is synchronous on Linux and macOS, so each line is out before the next request is read.
process.stdout.on('error', (e) => process.exit(e.code === 'EPIPE' ? 0 : 1));
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const out = handle(line);
  if (out !== null) process.stdout.write(`${out}\n`);
});
