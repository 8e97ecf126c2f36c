import { parseAst } from 'rolldown/parseAst';

/**
 * The function budget of docs/conventions.md ("Functions as well as files"), measured for the layout test:
 * every function — declaration, expression, arrow or method, React components included — longer than
 * FUNCTION_BUDGET lines needs a `function-budget: <reason>` comment right above it. The source is parsed with
 * the Oxc parser that Vite's bundler (rolldown) ships, because TypeScript 7's compiler has no JavaScript parser
 * API (docs/decisions/0064-function-budget.md).
 */
export const FUNCTION_BUDGET = 120;

/** The comment that lets one function pass the budget; the text after the colon says why. */
const REASON = /function-budget:\s*\S/;

/** The callbacks of a test runner: a test file's `describe`/`it` bodies are lists of cases, not functions to split. */
const TEST_RUNNER_CALLS = new Set([
  'describe',
  'it',
  'test',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
]);

export interface LongFunction {
  name: string;
  line: number;
  lines: number;
  hasReason: boolean;
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * The nodes between a function and the statement, declaration, method or property that holds it (that one and
 * an `export` around it included): a reason comment right above any of them counts.
 */
function holdersOf(ancestors: readonly AstNode[]): AstNode[] {
  const holders: AstNode[] = [];
  for (let index = ancestors.length - 1; index >= 0; index--) {
    const ancestor = ancestors[index] as AstNode;
    if (ancestor.type === 'Program' || ancestor.type === 'BlockStatement' || ancestor.type === 'ClassBody')
      break;
    holders.push(ancestor);
    const isHolder =
      /(Statement|^Export\w+Declaration)$/.test(ancestor.type) ||
      ['VariableDeclaration', 'MethodDefinition', 'PropertyDefinition', 'Property'].includes(ancestor.type);
    if (isHolder) {
      const outer = ancestors[index - 1];
      if (outer && /^Export/.test(outer.type)) holders.push(outer);
      break;
    }
  }
  return holders;
}

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** The name of the called function, through member accesses and chained calls (`test.describe`, `it.each(…)`). */
function calleeRoot(callee: unknown): string | undefined {
  let node = callee;
  while (isNode(node)) {
    if (node.type === 'Identifier') return String(node.name);
    if (node.type === 'MemberExpression') node = node.object;
    else if (node.type === 'CallExpression') node = node.callee;
    else return undefined;
  }
  return undefined;
}

/** A readable name for the report: the declared name, the variable, the key, or the call it is passed to. */
function nameOf(fn: AstNode, ancestors: readonly AstNode[]): string {
  const id = fn.id;
  if (isNode(id) && id.type === 'Identifier') return String(id.name);
  const parent = ancestors.at(-1);
  if (parent?.type === 'VariableDeclarator') return keyName(parent.id) ?? '(anonymous)';
  if (
    parent?.type === 'MethodDefinition' ||
    parent?.type === 'Property' ||
    parent?.type === 'PropertyDefinition'
  )
    return keyName(parent.key) ?? '(anonymous)';
  if (parent?.type === 'CallExpression') return `${calleeRoot(parent.callee) ?? 'call'}(…) callback`;
  return '(anonymous)';
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/** 1-based line of an offset, by binary search over the line starts. */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Whether the comment lines directly above `line` (1-based) give a reason. */
function hasReasonAbove(lines: readonly string[], line: number): boolean {
  for (let index = line - 2; index >= 0; index--) {
    const text = (lines[index] ?? '').trim();
    if (!/^(\/\/|\/\*|\*)/.test(text)) return false;
    if (REASON.test(text)) return true;
  }
  return false;
}

/**
 * Every function of `source` longer than `budget` lines, with whether a reason comment sits right above it (or
 * above the statement, declarator, method or property that holds it). In a test file the callbacks handed to
 * describe/it/test and their hooks are skipped; the helpers they call are measured like any function.
 */
export function longFunctions(
  source: string,
  fileName: string,
  options: { isTestFile: boolean; budget?: number },
): LongFunction[] {
  const budget = options.budget ?? FUNCTION_BUDGET;
  const program = parseAst(
    source,
    { lang: /x$/.test(fileName) ? 'tsx' : 'ts' },
    fileName,
  ) as unknown as AstNode;
  const starts = lineStarts(source);
  const lines = source.split('\n');
  const found: LongFunction[] = [];
  const visit = (node: AstNode, ancestors: AstNode[]) => {
    if (FUNCTION_TYPES.has(node.type) && isNode(node.body)) {
      const parent = ancestors.at(-1);
      const isTestCallback =
        options.isTestFile &&
        parent?.type === 'CallExpression' &&
        TEST_RUNNER_CALLS.has(calleeRoot(parent.callee) ?? '');
      const first = lineOf(starts, node.start);
      const length = lineOf(starts, node.end) - first + 1;
      if (!isTestCallback && length > budget) {
        const holders = [first, ...holdersOf(ancestors).map((ancestor) => lineOf(starts, ancestor.start))];
        found.push({
          name: nameOf(node, ancestors),
          line: first,
          lines: length,
          hasReason: holders.some((line) => hasReasonAbove(lines, line)),
        });
      }
    }
    ancestors.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, ancestors);
      } else if (isNode(value)) {
        visit(value, ancestors);
      }
    }
    ancestors.pop();
  };
  visit(program, []);
  return found;
}
