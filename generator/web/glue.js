// emscripten library: the one function z8lua's glue imports from JavaScript. The page's host
// (host.js) sets Module.jsHost before running any Lua.
mergeInto(LibraryManager.library, {
  js_host: function (argc) { return Module.jsHost(argc); },
});
