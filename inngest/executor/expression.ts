// A small, safe evaluator for the expressions Inngest functions use in `waitForEvent({ if })`,
// `match`, trigger `if` and `cancelOn`: comparisons of dotted paths and literals joined by
// && / ||, e.g. "async.data.projectId == event.data.projectId && async.data.ok == true".
// A subset of CEL; no function calls, no arithmetic, never `eval`. A path that does not exist
// never compares equal to anything (so two missing fields do not "match").

export class ExpressionError extends Error {
  override name = "ExpressionError";
}

type Token =
  { t: "str"; v: string } | { t: "num"; v: number } | { t: "id"; v: string } | { t: "op"; v: string } | { t: "punct"; v: "." | "(" | ")" | "[" | "]" };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 32;
const OPERATORS = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!"];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let out = "";
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\" && j + 1 < src.length) {
          const n = src[j + 1];
          out += n === "n" ? "\n" : n === "t" ? "\t" : n;
          j += 2;
        } else out += src[j++];
      }
      if (j >= src.length) throw new ExpressionError(`Unterminated string in expression: ${src}`);
      tokens.push({ t: "str", v: out });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num && (c !== "-" || !tokens.length || tokens[tokens.length - 1].t === "op" || tokens[tokens.length - 1].v === "(")) {
      tokens.push({ t: "num", v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_$][\w$]*/.exec(src.slice(i));
    if (ident) {
      tokens.push({ t: "id", v: ident[0] });
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      tokens.push({ t: "op", v: op });
      i += op.length;
      continue;
    }
    if (c === "." || c === "(" || c === ")" || c === "[" || c === "]") {
      tokens.push({ t: "punct", v: c });
      i++;
      continue;
    }
    throw new ExpressionError(`Unsupported character "${c}" in expression: ${src}`);
  }
  return tokens;
}

type Node =
  { k: "lit"; v: unknown } | { k: "path"; root: string; keys: (string | number)[] } | { k: "not"; e: Node } | { k: "bin"; op: string; l: Node; r: Node };

/** Parses an expression once; evaluate the result many times with {@link evaluate}. */
export function parseExpression(src: string): Node {
  if (src.length > MAX_LENGTH) throw new ExpressionError("Expression is too long");
  const tokens = tokenize(src);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.t === "op" && peek()?.v === v;
  const isPunct = (v: string) => peek()?.t === "punct" && peek()?.v === v;

  const expr = (depth: number): Node => {
    if (depth > MAX_DEPTH) throw new ExpressionError("Expression is nested too deeply");
    let left = and(depth);
    while (isOp("||")) {
      pos++;
      left = { k: "bin", op: "||", l: left, r: and(depth) };
    }
    return left;
  };
  const and = (depth: number): Node => {
    let left = cmp(depth);
    while (isOp("&&")) {
      pos++;
      left = { k: "bin", op: "&&", l: left, r: cmp(depth) };
    }
    return left;
  };
  const cmp = (depth: number): Node => {
    const left = unary(depth);
    const t = peek();
    if (t?.t === "op" && ["==", "!=", "<", "<=", ">", ">="].includes(t.v)) {
      pos++;
      return { k: "bin", op: t.v, l: left, r: unary(depth) };
    }
    return left;
  };
  const unary = (depth: number): Node => {
    if (isOp("!")) {
      pos++;
      return { k: "not", e: unary(depth + 1) };
    }
    return primary(depth);
  };
  const primary = (depth: number): Node => {
    const t = tokens[pos++];
    if (!t) throw new ExpressionError(`Unexpected end of expression: ${src}`);
    if (t.t === "str" || t.t === "num") return { k: "lit", v: t.v };
    if (t.t === "punct" && t.v === "(") {
      const inner = expr(depth + 1);
      if (!isPunct(")")) throw new ExpressionError(`Missing ")" in expression: ${src}`);
      pos++;
      return inner;
    }
    if (t.t === "id") {
      if (t.v === "true" || t.v === "false") return { k: "lit", v: t.v === "true" };
      if (t.v === "null") return { k: "lit", v: null };
      const keys: (string | number)[] = [];
      for (;;) {
        if (isPunct(".")) {
          pos++;
          const name = tokens[pos++];
          if (name?.t !== "id") throw new ExpressionError(`Expected a field name after "." in expression: ${src}`);
          keys.push(name.v);
        } else if (isPunct("[")) {
          pos++;
          const key = tokens[pos++];
          if (!key || (key.t !== "str" && key.t !== "num")) throw new ExpressionError(`Expected a key in [] in expression: ${src}`);
          if (!isPunct("]")) throw new ExpressionError(`Missing "]" in expression: ${src}`);
          pos++;
          keys.push(key.v);
        } else break;
      }
      return { k: "path", root: t.v, keys };
    }
    throw new ExpressionError(`Unexpected "${String(t.v)}" in expression: ${src}`);
  };

  const node = expr(0);
  if (pos !== tokens.length) throw new ExpressionError(`Unexpected "${String(tokens[pos].v)}" in expression: ${src}`);
  return node;
}

const MISSING = Symbol("missing");

function lookup(scope: Record<string, unknown>, root: string, keys: (string | number)[]): unknown {
  if (!Object.hasOwn(scope, root)) return MISSING;
  let value: unknown = scope[root];
  for (const key of keys) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return MISSING;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value === undefined ? MISSING : value;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === MISSING || b === MISSING) return false;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const comparable = (typeof a === "number" && typeof b === "number") || (typeof a === "string" && typeof b === "string");
  if (!comparable) return false;
  const x = a as number | string;
  const y = b as number | string;
  return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
}

function truthy(v: unknown): boolean {
  return v !== MISSING && Boolean(v);
}

function run(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.k) {
    case "lit":
      return node.v;
    case "path":
      return lookup(scope, node.root, node.keys);
    case "not":
      return !truthy(run(node.e, scope));
    case "bin": {
      if (node.op === "&&") return truthy(run(node.l, scope)) && truthy(run(node.r, scope));
      if (node.op === "||") return truthy(run(node.l, scope)) || truthy(run(node.r, scope));
      const l = run(node.l, scope);
      const r = run(node.r, scope);
      if (node.op === "==") return equal(l, r);
      if (node.op === "!=") return l !== MISSING && r !== MISSING && !equal(l, r);
      return compare(node.op, l, r);
    }
  }
}

/** Evaluates a parsed expression against named values (`event`, `async`) to a boolean. */
export function evaluate(node: Node, scope: Record<string, unknown>): boolean {
  return truthy(run(node, scope));
}

const cache = new Map<string, Node>();

/** Parses (cached) and evaluates an expression string. Throws ExpressionError on bad syntax. */
export function matches(expression: string, scope: Record<string, unknown>): boolean {
  let node = cache.get(expression);
  if (!node) {
    node = parseExpression(expression);
    if (cache.size > 500) cache.clear();
    cache.set(expression, node);
  }
  return evaluate(node, scope);
}
