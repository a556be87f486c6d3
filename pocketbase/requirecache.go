package main

import "github.com/dop251/goja"

// memoizeRequire puts a cache in front of the runtime's require(). The hooks
// require their modules by absolute path inside the functions that use them
// (`${__hooks}/lib/…`), dozens of times per request; goja_nodejs resolves
// every such path with filepath.EvalSymlinks (an lstat per path element)
// before it finds the module in its cache, about a tenth of a registration's
// CPU (bench/README.md, "Where a registration's time goes"). Modules get the
// runtime's global require when they load, so they use this one too.
//
// Only a module whose load has finished is remembered: while one is loading,
// a module it requires in a cycle could still replace its exports. A relative
// path is refused, because behind this wrapper it would be resolved against
// the wrong file; the hooks use none.
func memoizeRequire(vm *goja.Runtime) {
	if _, err := vm.RunString(`(() => {
  const load = require;
  const loaded = new Map();
  let loading = 0;
  globalThis.require = function require(path) {
    const known = loaded.get(path);
    if (known !== undefined) return known;
    if (typeof path === "string" && (path.startsWith("./") || path.startsWith("../"))) {
      throw new Error("require(" + JSON.stringify(path) + "): use an absolute path, such as ${__hooks}/lib/…");
    }
    loading += 1;
    let exports;
    try {
      exports = load(path);
    } finally {
      loading -= 1;
    }
    if (loading === 0 && typeof path === "string" && path.startsWith("/")) loaded.set(path, exports);
    return exports;
  };
})();`); err != nil {
		panic(err)
	}
}
