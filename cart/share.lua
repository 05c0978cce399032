-- share: a puzzle as a share code and back (docs/share-codes.md,
-- the twin of generator/formats/sharecode.py). a code is symbols
-- of the alphabet (symbol's; 5 bits each): the kind (5, a, f: the size; e: endless),
-- the body (the cells row by row, 5 to a symbol, first cell the
-- top bit; endless: its seed in 3), then 2 check symbols.
--lint: typed, last_typed, last_paste, code_message, key_index

-- codes print in the code font (codefont.py: no two symbols a
-- pixel or two apart, as some are in pico-8's) after "\14", the
-- custom font's switch: its header (glyphs 5 px apart, 8 for wide
-- ones, lines 6 px apart), then its glyphs from rom: the digits at
-- character 48, the letters at 97
poke4(0x5600,0x6.0805)
memcpy(0x5780,code_font,80)
memcpy(0x5908,code_font+80,208)

-- symbol c's character, c+1 of the alphabet (0-9, then the letters
-- but i, l, o and u; c is 0-31, never past it)
function symbol(c)
 return chr(ord("0123456789abcdefghjkmnpqrstvwxyz",c+1))
end

-- the check of symbol values t[1..n]
function check_sum(t,n)
 local h=0
 for j=1,n do h=(h*31+t[j]+1)%1021 end
 return h
end

-- the code of the puzzle being played (endless: of its seed)
function share_code()
 -- (the bits 5 to a symbol: endless, its seed's 15 bits from the
 -- top; else the cells. e: endless's kind, 14, and its last bit. t:
 -- the symbols' values for the check, s: the symbols, the kind first)
 local e=mode=="endless" and 14
 local t,v,s={e or board_size},0,symbol(e or board_size)
 for k=0,e or board_size*board_size-1 do
  v=v<<1|(e and endless_seed>>14-k or solution[k\board_size+1]>>k%board_size)&1
  if (k%5>3) add(t,v) s..=symbol(v) v=0
 end
 -- (then the check's two symbols)
 v=check_sum(t,#t)
 return s..symbol(v\32)..symbol(v%32)
end

-- printable text s (a code, what was typed) in the code font, its
-- first 48 in groups of 4 symbols, 4 groups a line (a 15x15's 48 in 3 lines: two
-- lines of 24 touched the box's edges, and a player copying one by hand
-- lost their place); readers drop the spaces
function code_lines(s)
 local t="\14"..sub(s,1,4)
 for i=5,min(#s,45),4 do
  t..=(i%16<2 and "\n" or " ")..sub(s,i,i+3)
 end
 return t
end

-- the pause menu's (and solved screen's) share: the code shown and
-- copied to the clipboard (pico-8's web player and fake-08 may
-- have none)
function share()
 local s=share_code()
 printh(s,"@clip")
 ask("share code (on the\nclipboard, if any):\n"..code_lines(s).."\15\n\142 ok")
end

-- outside text (a paste, a code typed) as it may be printed: the
-- one way such text reaches the screen. how each character is shown:
-- character o at place o+1 of the string, printable ascii as itself
-- (capitals as small letters: the code font has those), a tab or line
-- end as a space, anything else "?" (p8scii's characters 0-15 are
-- print's commands: \^@ writes memory, \a plays sound...; 128-255 are
-- wide glyphs)
function printable(s)
 local r=""
 for k=1,#s do r..=chr(ord("?????????  ?? ?????????????????? !\"#$%&'()*+,-./0123456789:;<=>?@abcdefghijklmnopqrstuvwxyz[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~?????????????????????????????????????????????????????????????????????????????????????????????????????????????????????????????????",ord(s,k)+1)) end
 return r
end

-- read code s as typed or pasted: nil with the puzzle set up (solution,
-- board_size, clues; mode "code") or nil and an endless seed, else the reason it
-- is refused
function read_code(s)
 local t={}
 for k=1,#s do
  -- (how each character reads: character o is at place o+1 of the
  -- string (all 256), its value +48 (0-9, then :;<=>?@a-o for 10-31:
  -- capitals read as small letters, o as 0, i and l as 1), "." skipped
  -- (spaces, tabs, line ends, -), " " refused)
  local v=ord("         ..  .                  .            .  0123456789       :;<=>?@A1BC1DE0FGHIJ KLMNO      :;<=>?@A1BC1DE0FGHIJ KLMNO                                                                                                                                     ",ord(s,k)+1)-48
  if (v<-2) return "bad symbol "..printable(sub(s,k,k)).." at "..k
  if (v>=0) add(t,v)
 end
 local k=t[1]
 if (not k) return "pick or paste a code"
 -- its length: 3 symbols and the body (0: no such kind)
 local l=split"0,0,0,0,8,0,0,0,0,23,0,0,0,6,48"[k] or 0
 if (l<1) return "a code starts 5, a, f or e"
 -- (not of its length: too long, or its progress while short of it)
 if (#t!=l) return #t>l and "too long" or #t.."/"..l
 if (check_sum(t,l-2)!=t[l-1]*32+t[l]) return "damaged"
 if (k==14) return nil,t[2]*1024+t[3]*32+t[4]
 mode,board_id,board_size,solution="code",0,k,zeros()
 for j=0,k*k-1 do
  solution[j\k+1]|=(t[j\5+2]>>4-j%5&1)<<j%k
 end
 -- its board, blank (new_board's load_board: board 0 is never saved):
 -- solved at once only when no cell is filled
 new_board()
 if (solved()) return "empty"
 -- a rom puzzle's code opens that puzzle (its number, progress,
 -- picture) in its world's colours (the code screen too, while it
 -- is checked; its rows and so its clues are the code's). (s, the
 -- text read, becomes the picture's rows)
 s=clue_key{unpack(solution,1,k)}
 for p=0,pz_count-1 do
  if (clue_key(puzzle_rows[p])==s) load_puzzle(p) world_index,puzzle_index=puzzle_world[p],p palette_world=world_index
 end
end

-- the code screen: a code pasted (ctrl-v: stat(4) reads the
-- clipboard then) or typed on the keyboard of the 32 symbols (d-pad,
-- o types, x deletes; x with nothing typed goes back). each change
-- is read again; a whole grid code is checked by the solver in the
-- coroutine verdict_maker, then played, or refused if it needs a guess
function code_entry()
 typed,key_index,code_message,last_typed,verdict_maker="",0,""
 go"code"
end

function code_update()
 local p=stat(4)
 if (p!=last_paste) last_paste,typed=p,sub(p,1,255)
 -- (a code being checked: played once line logic finishes it,
 -- outside the coroutine, else refused)
 if verdict_maker then
  if (work_on(verdict_maker)) code_message,verdict_maker=verdict_status=="solved" and play() or "needs a guess"
  return
 end
 -- (the keyboard's 32 keys, 8 a row: left, right a key, up, down a
 -- row, wrapping round; the steps summed, then wrapped)
 for b=0,3 do
  if (pressed(b)) key_index+=split"-1,1,-8,8"[b+1]
 end
 key_index%=32
 if (pressed(4)) typed..=symbol(key_index)
 if pressed(5) then
  if (typed=="") go"worlds"
  typed=sub(typed,1,-2)
 end
 if typed!=last_typed then
  local s
  last_typed,code_message,s=typed,read_code(typed)
  if (s) return start_endless(s)
  if (not code_message) verdict_maker,code_message=cocreate(verdict),"checking"
 end
end

function code_draw()
 use_palette(palette_world)
 print_texts"enter a share code|4|10/\142 pick  \151 delete|104|6|58/or paste it: ctrl-v|110|6"
 print(code_lines(printable(typed)),4,12,6)
 for k=0,31 do
  -- (drawn with the camera on the key's symbol)
  camera(-22-k%8*12,-36-k\8*12)
  if (k==key_index) rect(-3,-3,6,7,10)
  print("\14"..symbol(k),0,0,10)
 end
 camera()
 print_centred(code_message,90,10)
end
