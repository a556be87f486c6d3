// The server's modules as a graph a reader can follow (DESIGN decision 19):
// every `require` in pb_hooks/**/*.js and pb_migrations/*.js is the one
// literal style, require(`${__hooks}/lib/<folder>/<name>.js`) (or
// `${__hooks}/shared/<name>.json`), names a
// file that exists, and no module requires itself again through others.
// PocketBase loads modules lazily inside functions, so a cycle would still
// run: this test is what keeps the graph without one. No PocketBase needed:
// the files are parsed (TypeScript's parser reads JavaScript), so comments
// and strings that mention `require` do not count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { hooksDir, migrationsDir, root } from '../../scripts/lib/paths.mjs';

const LITERAL = /^`\$\{__hooks\}\/(lib\/[a-z0-9-]+\/[a-z0-9-]+\.js|shared\/[a-z0-9-]+\.json)`$/;

interface Require {
  /** The requiring file, relative to the repository. */
  from: string;
  line: number;
  /** The argument as written. */
  text: string;
  /** The required file relative to pb_hooks, when the argument is in the literal style. */
  target: string | null;
}

interface Misuse {
  from: string;
  line: number;
  text: string;
}

/** The hook and migration files: pb_hooks/**\/*.js and pb_migrations/*.js. */
function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith('.js') ? [full] : [];
    });
  const migrations = readdirSync(migrationsDir).filter((name) => name.endsWith('.js')).map((name) => path.join(migrationsDir, name));
  return [...walk(hooksDir), ...migrations].sort();
}

/** Every `require(...)` call of a file, and every other use of the name `require` (an alias would hide a computed path). */
function readRequires(file: string): { requires: Require[]; misuses: Misuse[] } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const from = path.relative(root, file);
  const requires: Require[] = [];
  const misuses: Misuse[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === 'require') {
      const call = node.parent;
      const isCallee = ts.isCallExpression(call) && call.expression === node;
      const isName = (ts.isPropertyAccessExpression(call) && call.name === node) || (ts.isPropertyAssignment(call) && call.name === node);
      if (isCallee) {
        const text = call.arguments.map((argument) => argument.getText(source)).join(', ');
        const literal = call.arguments.length === 1 ? LITERAL.exec(text) : null;
        requires.push({ from, line: lineOf(node), text, target: literal ? literal[1] : null });
      } else if (!isName) {
        misuses.push({ from, line: lineOf(node), text: call.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { requires, misuses };
}

/** Whether a required file is there. */
function exists(target: string): boolean {
  return existsSync(path.join(hooksDir, target));
}

/**
 * The cycles of a graph (node → the nodes it requires), one per strongly
 * connected part of more than one node (or a node requiring itself): the
 * shortest way from one of its nodes back to itself, and how many nodes the
 * part holds (breaking that one cycle may leave others among them).
 */
function findCycles(graph: Map<string, string[]>): { path: string[]; size: number }[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) parts.push(part);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  return parts.map((part) => {
    const members = new Set(part);
    const start = [...part].sort()[0];
    // breadth first from start's own requires back to start, inside the part
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of (graph.get(node) ?? []).filter((candidate) => members.has(candidate))) {
        if (next === start) {
          const cycle = [start];
          for (let step: string | undefined = node; step !== undefined && step !== start; step = previous.get(step)) cycle.splice(1, 0, step);
          return { path: [...cycle, start], size: part.length };
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return { path: [start, start], size: 1 };
  });
}

const files = sourceFiles();
const read = files.map(readRequires);
const requires = read.flatMap((found) => found.requires);
const misuses = read.flatMap((found) => found.misuses);
const where = (found: { from: string; line: number; text: string }) => `${found.from}:${found.line} ${found.text}`;

describe('the server\'s require graph', () => {
  it('reads the hook and migration files and finds their requires', () => {
    expect(files.some((file) => file.endsWith('.pb.js'))).toBe(true);
    expect(requires.length).toBeGreaterThan(100);
  });

  it('has only *.pb.js files in pb_hooks itself', () => {
    const loose = readdirSync(hooksDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js') && !entry.name.endsWith('.pb.js'))
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
  });

  it('requires every module in the one literal style', () => {
    expect(requires.filter((found) => found.target === null).map(where)).toEqual([]);
    expect(misuses.map(where), 'the name `require` used other than to call it').toEqual([]);
  });

  it('requires only files that exist', () => {
    const missing = requires.filter((found) => found.target !== null && !exists(found.target));
    expect(missing.map(where)).toEqual([]);
  });

  it('has no cycle among the modules', () => {
    const graph = new Map<string, string[]>();
    for (const found of requires) {
      const from = path.relative(hooksDir, path.join(root, found.from));
      if (!graph.has(from)) graph.set(from, []);
      if (found.target?.startsWith('lib/') && !graph.get(from)!.includes(found.target)) graph.get(from)!.push(found.target);
    }
    const cycles = findCycles(graph).map(({ path: cycle, size }) => `${cycle.join(' → ')} (among ${size} modules that require one another)`);
    expect(cycles, `require cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('finds a cycle and names its path', () => {
    const graph = new Map([
      ['lib/a/one.js', ['lib/a/two.js']],
      ['lib/a/two.js', ['lib/b/three.js', 'lib/c/leaf.js']],
      ['lib/b/three.js', ['lib/a/one.js']],
      ['lib/c/leaf.js', []],
      ['lib/c/self.js', ['lib/c/self.js']],
    ]);
    expect(findCycles(graph).map(({ path: cycle, size }) => `${cycle.join(' → ')} (${size})`).sort()).toEqual([
      'lib/a/one.js → lib/a/two.js → lib/b/three.js → lib/a/one.js (3)',
      'lib/c/self.js → lib/c/self.js (1)',
    ]);
  });
});
