// One Node for the project: package.json's engines.node, which the README states, and which
// every package the lockfile installs accepts in full (scripts/lib/node-engines.mjs). A
// dependency that needs a newer Node than the range allows (npm ci's EBADENGINE warning) fails
// here; so does a README that says another range.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';
import { nodeVersionProblem, packagesNeedingAnotherNode, projectNodeRange } from '../../scripts/lib/node-engines.mjs';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Node the project runs on', () => {
  it('is a range every installed package accepts', () => {
    const lock = JSON.parse(read('package-lock.json'));
    expect(lock.packages[''].engines?.node, 'package-lock.json is older than package.json: run npm install').toBe(projectNodeRange());
    expect(packagesNeedingAnotherNode(lock)).toEqual([]);
  });

  it('catches a package that needs a newer Node, and leaves out an optional one npm skips', () => {
    const lock = {
      packages: {
        '': { engines: { node: '^20.19.0 || ^22.13.0 || >=24' } },
        'node_modules/lighthouse': { version: '13.5.0', engines: { node: '>=22.19' } },
        'node_modules/docx/node_modules/nanoid': { version: '6.0.2', engines: { node: '^22 || ^24 || >=26' } },
        'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/@napi-rs/lzma-linux-x64-gnu': { version: '1.5.1', optional: true, engines: { node: '^22.20 || ^24.12 || >=25' } },
      },
    };
    expect(packagesNeedingAnotherNode(lock, '^20.19.0 || ^22.13.0 || >=24').map(({ name }) => name)).toEqual(['lighthouse', 'nanoid']);
    // A range wider than a dependency allows is caught too: Vite 8 does not run on Node 20.0.
    expect(packagesNeedingAnotherNode(lock, '>=20').map(({ name }) => name)).toEqual(['lighthouse', 'nanoid', 'vite']);
  });

  it('is the range the README states', () => {
    const needs = /\*\*What they need\.\*\*[^\n]*\n?[^\n]*/.exec(read('README.md'))?.[0] ?? '';
    expect(needs).toContain(`Node \`${projectNodeRange()}\``);
  });

  it('names the range when this Node is outside it', () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
    expect(nodeVersionProblem('v20.11.1')).toMatch(/runs on Node \^20\.19\.0 \|\| \^22\.13\.0 \|\| >=24 .*this is Node v20\.11\.1/);
    expect(nodeVersionProblem('v23.4.0')).not.toBeNull();
  });
});
