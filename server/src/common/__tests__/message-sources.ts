import path from 'node:path';
import ts from 'typescript';

/** A piece of a message as the source builds it: literal text, or a value only known at run time. */
export type Part = string | { hole: string };
/** One message the server can answer with, as literal text and holes. */
export interface MessageShape {
  parts: Part[];
  /** Where it is built (file:line), for the test's failure report. */
  at: string;
}

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');

/** zod checks whose second argument is their message (the first is the limit, pattern or test). */
const ZOD_CHECKS_WITH_VALUE = new Set(['min', 'max', 'length', 'gte', 'lte', 'gt', 'lt', 'multipleOf', 'regex', 'refine', 'startsWith', 'endsWith']);
/** zod checks whose first argument is their message. */
const ZOD_CHECKS = new Set(['int', 'email', 'uuid', 'url', 'nonempty', 'positive', 'nonnegative']);
/** Properties whose value is a message: zod's `error` and issue `message` (in files using zod), upload specs' messages. */
const ZOD_MESSAGE_PROPS = new Set(['error', 'message']);
const SPEC_MESSAGE_PROPS = new Set(['tooMany', 'tooLarge']);

/** The files that declare messages (`defineMessages`): `messages.ts` and `<name>.messages.ts`. */
export function messageFiles(): string[] {
  return ts.sys.readDirectory(SERVER_SRC, ['.ts'], undefined, ['**/*.ts']).filter((f) => !f.includes('/__tests__/') && /(^|[/.])messages\.ts$/.test(f));
}

/**
 * Every message an AppError (or a zod check turned into one) can carry as English text rather than by
 * its id, read from the server's sources (or `root`'s) with the TypeScript compiler: the message argument of `new AppError(code, message)`,
 * followed through constants, conditionals, templates, and the parameters of helpers
 * (`badInput(message)`, `otpError(code, message)`, `requiredText(label)`) to their call sites;
 * zod messages; `details.fields` messages; upload specs' `tooMany`/`tooLarge`.
 */
export function collectMessages(root = SERVER_SRC): { messages: MessageShape[]; terms: MessageShape[] } {
  // Configuration errors stop the process at start; nobody reads them in a browser.
  const isAppSource = (f: string) =>
    f.startsWith(root) && (root !== SERVER_SRC || !f.includes('/__tests__/')) && !f.includes('/config/') && !f.endsWith('.d.ts');
  // The program is the sources alone (noResolve): the compiler does not follow their imports into node_modules
  // (2,200 declaration files, half of this reader's time); a call through a library's generic type is then not
  // traced to our helper (two in ws-server.ts today, neither a message's).
  const files = ts.sys.readDirectory(root, ['.ts'], undefined, ['**/*.ts']).filter((f) => f.startsWith(root) && (root !== SERVER_SRC || !f.includes('/__tests__/')));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    experimentalDecorators: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    noResolve: true,
  });
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((sf) => isAppSource(sf.fileName));

  const messages: MessageShape[] = [];
  /** Values passed to a helper's parameter that a message template shows (labels such as 'Title'). */
  const terms: MessageShape[] = [];
  const at = (node: ts.Node) => {
    const sf = node.getSourceFile();
    return `${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  const resolve = (node: ts.Node): ts.Symbol | undefined => {
    const sym = checker.getSymbolAtLocation(node);
    return sym && sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
  };

  /** Every call of the function (or method) declared by `decl`, anywhere in the server. */
  const callsOf = (decl: ts.SignatureDeclaration): ts.CallExpression[] => {
    const named = ts.isArrowFunction(decl) || ts.isFunctionExpression(decl) ? decl.parent : decl;
    const nameNode = (named as ts.NamedDeclaration).name;
    if (!nameNode) return [];
    const target = resolve(nameNode);
    if (!target) return [];
    const found: ts.CallExpression[] = [];
    for (const sf of sources) {
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
          const callee = ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression;
          if (resolve(callee) === target) found.push(n as ts.CallExpression);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    return found;
  };

  const seenParams = new Set<ts.ParameterDeclaration>();
  /** A parameter's values: its default and what every call passes. */
  const argumentsOf = (param: ts.ParameterDeclaration): ts.Expression[] => {
    if (seenParams.has(param)) return [];
    seenParams.add(param);
    const fn = param.parent;
    const index = fn.parameters.indexOf(param);
    const args = callsOf(fn)
      .map((call) => call.arguments?.[index])
      .filter((a): a is ts.Expression => a !== undefined);
    return param.initializer ? [param.initializer, ...args] : args;
  };

  /** The shapes an expression's string value can take. */
  const shapes = (expr: ts.Expression, depth = 0): Part[][] => {
    if (depth > 12) return [[{ hole: expr.getText() }]];
    const again = (e: ts.Expression) => shapes(e, depth + 1);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isNumericLiteral(expr)) return [[expr.text]];
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr)) return again(expr.expression);
    if (ts.isConditionalExpression(expr)) return [...again(expr.whenTrue), ...again(expr.whenFalse)];
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return [...again(expr.left), ...again(expr.right)];
      if (op === ts.SyntaxKind.PlusToken) return product(again(expr.left), again(expr.right));
    }
    if (ts.isTemplateExpression(expr)) {
      let acc: Part[][] = [[expr.head.text]];
      for (const span of expr.templateSpans) acc = product(product(acc, holeOrShapes(span.expression, depth)), [[span.literal.text]]);
      return acc;
    }
    if (ts.isIdentifier(expr)) {
      const decl = resolve(expr)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) {
        return again(decl.initializer);
      }
      if (decl && ts.isParameter(decl)) return argumentsOf(decl).flatMap((a) => again(a));
    }
    if (ts.isCallExpression(expr)) {
      // A message factory: `(x) => \`...\`` called here; its template is the shape.
      const decl = resolve(ts.isPropertyAccessExpression(expr.expression) ? expr.expression.name : expr.expression)?.valueDeclaration;
      const fn = decl && ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body) && !ts.isArrowFunction(fn.body)) return again(fn.body);
    }
    return [[{ hole: expr.getText() }]];
  };

  /** A template hole: a literal, a constant or a conditional of literals is text; anything else stays a hole. */
  const holeOrShapes = (expr: ts.Expression, depth: number): Part[][] => {
    if (ts.isIdentifier(expr)) {
      const decl = resolve(expr)?.valueDeclaration;
      if (decl && ts.isParameter(decl)) {
        // A helper's parameter shown in its message (a label): each value passed must be translatable too.
        for (const arg of argumentsOf(decl)) {
          for (const parts of shapes(arg, depth + 1)) if (parts.some((p) => typeof p === 'string' && /[A-Za-z]/.test(p))) terms.push({ parts, at: at(arg) });
        }
        seenParams.delete(decl);
        return [[{ hole: expr.text }]];
      }
    }
    return shapes(expr, depth + 1);
  };

  const addMessage = (expr: ts.Expression) => {
    for (const parts of shapes(expr)) {
      if (parts.some((p) => typeof p === 'string' && /[A-Za-z]{2}/.test(p))) messages.push({ parts: merge(parts), at: at(expr) });
    }
  };
  /** A function-valued message (`tooLarge: (size) => ...` or a factory's result). */
  const addMessageFunction = (expr: ts.Expression) => {
    if (ts.isArrowFunction(expr) && !ts.isBlock(expr.body)) return addMessage(expr.body);
    if (ts.isCallExpression(expr)) {
      const decl = resolve(expr.expression)?.valueDeclaration;
      const fn = decl && ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
      if (fn && ts.isArrowFunction(fn) && ts.isArrowFunction(fn.body) && !ts.isBlock(fn.body.body)) return addMessage(fn.body.body);
    }
    addMessage(expr);
  };

  for (const sf of sources) {
    const usesZod = sf.statements.some((s) => ts.isImportDeclaration(s) && (s.moduleSpecifier as ts.StringLiteral).text === 'zod');
    const visit = (n: ts.Node) => {
      if (ts.isNewExpression(n) && n.expression.getText() === 'AppError' && n.arguments?.[1]) addMessage(n.arguments[1]);
      if (usesZod && ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const method = n.expression.name.text;
        const message = ZOD_CHECKS_WITH_VALUE.has(method) ? n.arguments[1] : ZOD_CHECKS.has(method) ? n.arguments[0] : undefined;
        if (message && !ts.isObjectLiteralExpression(message)) addMessage(message);
      }
      if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name))) {
        const name = n.name.text;
        if (usesZod && ZOD_MESSAGE_PROPS.has(name)) addMessage(n.initializer);
        if (SPEC_MESSAGE_PROPS.has(name)) (name === 'tooLarge' ? addMessageFunction : addMessage)(n.initializer);
        if (ts.isObjectLiteralExpression(n.parent) && ts.isPropertyAssignment(n.parent.parent) && n.parent.parent.name.getText() === 'fields') addMessage(n.initializer);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { messages: dedupe(messages), terms: dedupe(terms) };
}

function product(a: Part[][], b: Part[][]): Part[][] {
  return a.flatMap((x) => b.map((y) => [...x, ...y]));
}

/** Adjacent texts joined; empty texts dropped. */
function merge(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p === '') continue;
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

function dedupe(list: MessageShape[]): MessageShape[] {
  const byKey = new Map<string, MessageShape>();
  for (const m of list) {
    const key = JSON.stringify(m.parts);
    if (!byKey.has(key)) byKey.set(key, m);
  }
  return [...byKey.values()];
}

/** A shape as text, holes as `{…}` (for reports). */
export const showShape = (parts: Part[]) => parts.map((p) => (typeof p === 'string' ? p : `{${p.hole}}`)).join('');
