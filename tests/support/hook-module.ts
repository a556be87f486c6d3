// Loads a pb_hooks/lib module in Node, the way the JS hooks do: a CommonJS
// script with `module.exports`, requiring its neighbours through
// `${__hooks}/lib/…`. Pure modules need nothing else;
// stand-ins for the PocketBase globals a module calls (e.g. `$security`) can
// be passed in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { hooksDir } from '../../scripts/lib/paths.mjs';

function loadHookFile<T>(file: string, globals: Record<string, unknown>): T {
  if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const module = { exports: {} as T };
  const context = {
    ...globals,
    module,
    exports: module.exports,
    __hooks: hooksDir,
    require: (request: string) => loadHookFile(path.resolve(hooksDir, request), globals),
  };
  vm.runInNewContext(readFileSync(file, 'utf8'), context, { filename: file });
  return module.exports;
}

export function loadHookModule<T = Record<string, unknown>>(name: string, globals: Record<string, unknown> = {}): T {
  return loadHookFile<T>(path.join(hooksDir, 'lib', name.endsWith('.json') ? name : `${name}.js`), globals);
}
