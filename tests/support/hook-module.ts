// Loads a pb_hooks/lib module in Node, the way the JS hooks do: a CommonJS
// script with `module.exports`, requiring its neighbours through
// `${__hooks}/lib/…`. Pure modules need nothing else; stand-ins for the
// PocketBase globals a module calls (e.g. `$security`) can be passed in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { hooksDir } from '../../scripts/lib/paths.mjs';

export function loadHookModule<T = Record<string, unknown>>(name: string, globals: Record<string, unknown> = {}): T {
  if (name.endsWith('.json')) return JSON.parse(readFileSync(path.join(hooksDir, 'lib', name), 'utf8')) as T;
  const file = path.join(hooksDir, 'lib', `${name}.js`);
  const module = { exports: {} as T };
  const context = {
    ...globals,
    module,
    exports: module.exports,
    __hooks: hooksDir,
    require: (request: string) => loadHookModule(path.basename(request, '.js'), globals),
  };
  vm.runInNewContext(readFileSync(file, 'utf8'), context, { filename: file });
  return module.exports;
}
