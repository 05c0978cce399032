#d
   0:   #FFFFFF   white
   a:a  #000000   black
: rows
2a 3a 
1a 1a 

3a 1a 

: columns
2a 1a 
1a 1a 
1a 
2a 
1a 1a 
1a 

: end
