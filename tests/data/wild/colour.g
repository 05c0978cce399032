#d
   0:   #FFFFFF   white
   a:a  #000000   black
   b:b  #FF0000   red
: rows
1a 1b 
1a 1b 
: columns
2a 
2b 
