// The page's bridge between JavaScript and z8lua (PICO-8's Lua), compiled with z8lua to wasm.
//
// One Lua state whose PICO-8 memory is `ram`, 64 KiB that JavaScript reads and writes directly
// (the screen at 0x6000 for the blit). Values cross the border through `io`: a row of slots
// (type, 16.16 bits, string offset, string length) and a string heap after them; JavaScript
// fills the slots and calls z8_call, and a Lua call of __js(name, ...) fills them and calls
// the imported js_host. Strings are bytes (P8SCII), never re-encoded.
#include <string.h>
#include <emscripten.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

enum { T_NIL = 0, T_BOOL = 1, T_NUM = 2, T_STR = 3, T_OTHER = 4 };
enum { SLOTS = 256, HEAP = 1 << 21 };

struct Slot { int type, bits, at, len; };
static struct { Slot slot[SLOTS]; int used; char heap[HEAP]; } io;
static unsigned char ram[0x10000];
static lua_State *L;

extern "C" int js_host(int argc);   // glue.js: runs host function io.slot[0] on the others

// put the value at stack index i of thread L (a coroutine's own) into slot k (strings copied to the heap)
static void to_slot(lua_State *L, int k, int i) {
  Slot &s = io.slot[k];
  s.bits = 0; s.at = 0; s.len = 0;
  switch (lua_type(L, i)) {
    case LUA_TNIL: case LUA_TNONE: s.type = T_NIL; break;
    case LUA_TBOOLEAN: s.type = T_BOOL; s.bits = lua_toboolean(L, i); break;
    case LUA_TNUMBER: s.type = T_NUM; s.bits = lua_tonumber(L, i).bits(); break;
    case LUA_TSTRING: {
      size_t n; const char *p = lua_tolstring(L, i, &n);
      if (io.used + (int)n > HEAP) luaL_error(L, "string too long for the host (%d bytes)", (int)n);
      memcpy(io.heap + io.used, p, n);
      s.type = T_STR; s.at = io.used; s.len = (int)n; io.used += (int)n;
      break;
    }
    default: s.type = T_OTHER; break;
  }
}

static void push_slot(lua_State *L, int k) {
  Slot &s = io.slot[k];
  switch (s.type) {
    case T_BOOL: lua_pushboolean(L, s.bits); break;
    case T_NUM: lua_pushnumber(L, lua_Number::frombits(s.bits)); break;
    case T_STR: lua_pushlstring(L, io.heap + s.at, s.len); break;
    default: lua_pushnil(L); break;
  }
}

// __js(name, ...): call host function `name` of JavaScript with the arguments; its results
static int call_js(lua_State *l) {
  int argc = lua_gettop(l);
  if (argc > SLOTS) return luaL_error(l, "too many arguments for the host");
  io.used = 0;
  for (int i = 1; i <= argc; i++) to_slot(l, i - 1, i);
  int n = js_host(argc);
  if (n < 0) {               // the host failed: slot 0 holds its message
    push_slot(l, 0);
    return lua_error(l);
  }
  lua_checkstack(l, n);
  for (int k = 0; k < n; k++) push_slot(l, k);
  return n;
}

static int traceback(lua_State *l) {
  const char *msg = lua_tostring(l, 1);
  luaL_traceback(l, l, msg ? msg : "(error object is not a string)", 1);
  return 1;
}

extern "C" {

EMSCRIPTEN_KEEPALIVE void *z8_io(void) { return &io; }
EMSCRIPTEN_KEEPALIVE unsigned char *z8_ram(void) { return ram; }

// a fresh Lua state with PICO-8's libraries over `ram` (left as it is: the host zeroes it)
EMSCRIPTEN_KEEPALIVE int z8_init(void) {
  if (L) lua_close(L);
  L = luaL_newstate();
  if (!L) return -1;
  luaL_openlibs(L);
  lua_setpico8memory_64k(L, ram);
  lua_register(L, "__js", call_js);
  return 0;
}

// slot 0: code, slot 1: chunk name. Loads the chunk as global `name` (nothing run).
// Returns 0, or -1 with the syntax error in slot 0.
EMSCRIPTEN_KEEPALIVE int z8_load(void) {
  Slot code = io.slot[0], name = io.slot[1];
  char chunk[256];
  int n = name.len < 255 ? name.len : 255;
  memcpy(chunk, io.heap + name.at, n); chunk[n] = 0;
  io.used = 0;
  if (luaL_loadbufferx(L, io.heap + code.at, code.len, chunk, "t") != LUA_OK) {
    to_slot(L, 0, -1); lua_pop(L, 1); return -1;
  }
  lua_setglobal(L, chunk[0] == '=' || chunk[0] == '@' ? chunk + 1 : chunk);
  return 0;
}

// slot 0: a global function's name, slots 1..argc-1 its arguments. Calls it protected; the
// results go to slots 0.. (returns how many), or -1 with the message and traceback in slot 0.
EMSCRIPTEN_KEEPALIVE int z8_call(int argc) {
  char name[256];
  Slot f = io.slot[0];
  int n = f.len < 255 ? f.len : 255;
  memcpy(name, io.heap + f.at, n); name[n] = 0;
  int base = lua_gettop(L);
  lua_pushcfunction(L, traceback);
  lua_getglobal(L, name);
  for (int k = 1; k < argc; k++) push_slot(L, k);
  io.used = 0;
  if (lua_pcall(L, argc - 1, LUA_MULTRET, base + 1) != LUA_OK) {
    to_slot(L, 0, -1);
    lua_settop(L, base);
    return -1;
  }
  int results = lua_gettop(L) - base - 1;
  if (results > SLOTS) results = SLOTS;
  for (int k = 0; k < results; k++) to_slot(L, k, base + 2 + k);
  lua_settop(L, base);
  return results;
}

}
