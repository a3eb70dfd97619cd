# expect: invalid
# an index result must keep its mask: where m is false the source is INVALID, the target a number
m: bool
x: index
y: index
select(m, x, invalid) + y --> x + y
