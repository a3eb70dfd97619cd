# expect: valid
x: i32
select(x != 0, 10 // x, 0) --> select(x == 0, 0, 10 // x)
