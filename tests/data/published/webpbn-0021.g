webpbn.com #21 "Slippery Conditions" by Jan Wolter, (c) 2004 Jan Wolter, CC-BY-3.0
laid out as Olsak's .g examples are: comments, then ':' lines

: rows
9
1 1
1 1 1
1 3 1
13
13
13
13
2 2
2 2

2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
2 2
: columns
2
4 6
9 4 4 2
1 6 2 6
1 5 2
1 6
1 5
1 4
1 4
1 4 2
1 4 6
1 6 4 4 2
9 2 6
4 2
: END
text after the end is ignored
